import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { FromState } from '../auth/guards.tsx';

/** What a visitor sees in a dialog that needs an account: why, and Login (which brings them back). */
export function SignInFirst({ reason }: { reason: string }) {
  const location = useLocation();
  return (
    <Stack gap="4" align="flex-start">
      <Text fontSize="xl" fontWeight="bold">
        Login First
      </Text>
      <Text color="fg.muted">{reason}</Text>
      <Button asChild colorPalette="teal">
        <RouterLink to="/login" state={{ from: location } satisfies FromState}>
          Login
        </RouterLink>
      </Button>
    </Stack>
  );
}
