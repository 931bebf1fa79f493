import { Box, Button, HStack, Separator, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect } from 'react';
import toast from 'react-hot-toast';
import { FcGoogle } from 'react-icons/fc';
import type { Location } from 'react-router-dom';
import { describeError } from '../api/http.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { authErrorField, describeAuthError } from '../auth/auth-service.ts';
import type { FromState } from '../auth/guards.tsx';

/** Where to go after signing in: the page the visitor came from, otherwise /. */
export function destinationAfterSignIn(location: Location): string {
  const from = (location.state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/register') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** The frame of Login and Register, which load the identity provider as they open. */
export function AuthCard({ children }: { children: ReactNode }) {
  const { prepare } = useAuth();
  useEffect(() => prepare(), [prepare]);
  return (
    <Box
      maxW="md"
      mx="auto"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '6', md: '8' }}
      shadow="sm"
    >
      {children}
    </Box>
  );
}

export function GoogleButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  return (
    <>
      <HStack my="2">
        <Separator flex="1" />
        <Text fontSize="sm" color="fg.muted">
          or
        </Text>
        <Separator flex="1" />
      </HStack>
      <Button variant="outline" w="full" onClick={onClick} loading={loading}>
        <FcGoogle aria-hidden="true" /> Continue with Google
      </Button>
    </>
  );
}

/** Where a sign-in form shows a failure: under one of its fields, or in the form itself. */
type SetAuthError = (
  name: 'email' | 'password' | 'root.server',
  error: { type: string; message: string },
) => void;

/**
 * A failed sign-in or sign-up, in plain words: under the field it is about (an email already in
 * use), else in the form (a wrong password, a closed Google window), and as a toast.
 */
export function reportAuthFailure(error: unknown, setError: SetAuthError): void {
  const message = describeAuthError(error) ?? describeError(error);
  setError(authErrorField(error) ?? 'root.server', { type: 'server', message });
  toast.error(message);
}
