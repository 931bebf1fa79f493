import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A dialog holding one form: its title, the form, and Close. What it is about stays while it
 * closes (`open` false), so it keeps its content; `onExitComplete` follows.
 */
export function FormDialog({
  title,
  open,
  onClose,
  onExitComplete,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  onExitComplete?: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => (event.open ? undefined : onClose())}
      onExitComplete={onExitComplete}
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
            <Dialog.Body pb="6">{children}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
