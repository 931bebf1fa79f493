import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/auth-context.tsx';
import type { FromState } from '../auth/guards.tsx';

/**
 * What a visitor sees in a dialog that needs an account: why, and Login or Create an account,
 * which bring them back to this page, at `returnHash` when given (a page opens the dialog again
 * from it).
 */
export function SignInFirst({ reason, returnHash }: { reason: string; returnHash?: string }) {
  const here = useLocation();
  const location = returnHash === undefined ? here : { ...here, hash: returnHash };
  return (
    <Stack gap="4" align="flex-start">
      <Text fontSize="xl" fontWeight="bold">
        Login First
      </Text>
      <Text color="fg.muted">{reason}</Text>
      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="teal">
          <RouterLink to="/login" state={{ from: location } satisfies FromState}>
            Login
          </RouterLink>
        </Button>
        <Button asChild variant="outline" colorPalette="teal">
          <RouterLink to="/register" state={{ from: location } satisfies FromState}>
            Create an account
          </RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}

/**
 * A dialog whose body needs an account: `children` for a signed-in user; while a stored session
 * is still being restored, a line saying so (never "Login First" to someone signed in); for
 * anyone else, why (`signInReason`) and Login, back at `returnHash`.
 */
export function SignedInDialog({
  title,
  signInReason,
  returnHash,
  open,
  onClose,
  children,
}: {
  title: string;
  signInReason: string;
  returnHash?: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { status, settled } = useAuth();
  const body =
    status === 'signed-in' ? (
      children
    ) : settled ? (
      <SignInFirst reason={signInReason} {...(returnHash ? { returnHash } : {})} />
    ) : (
      <Text role="status" color="fg.muted">
        Checking your sign-in…
      </Text>
    );
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => (event.open ? undefined : onClose())}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">{body}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
