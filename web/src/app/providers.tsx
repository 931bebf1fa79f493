import { ChakraProvider } from '@chakra-ui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { AuthProvider } from '../auth/auth-context.tsx';
import type { AuthService } from '../auth/auth-service.ts';
import { ColorModeProvider } from '../components/color-mode.tsx';
import { HEADER_HEIGHT_REM } from '../layouts/header-height.ts';
import { system } from './theme.ts';

/** Toasts last 2000 ms on success, 4000 ms on error or blank; at most 20 show (the Toaster's limit). */
const TOAST_DURATIONS = { success: 2000, error: 4000, blank: 4000 } as const;

/**
 * Toasts come in under the top bar, never over the bell, the menu or the account: a toast pauses
 * while the pointer is on it, so one over the bell would stay as long as someone tried to reach
 * the bell.
 */
const TOASTS_TOP = `${HEADER_HEIGHT_REM + 0.5}rem`;

export function Providers({
  children,
  queryClient,
  loadAuthService,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  loadAuthService?: () => Promise<AuthService>;
}) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider loadService={loadAuthService}>{children}</AuthProvider>
          <Toaster
            position="top-center"
            containerStyle={{ top: TOASTS_TOP }}
            toastOptions={{
              success: { duration: TOAST_DURATIONS.success },
              error: { duration: TOAST_DURATIONS.error },
              blank: { duration: TOAST_DURATIONS.blank },
            }}
          />
        </QueryClientProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
