import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
}

/** A question before an action that cannot be undone: its title, what follows, two buttons. */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  busy,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  colorPalette = 'red',
}: ConfirmDialogProps & {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  colorPalette?: 'red' | 'teal';
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
      role="alertdialog"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{description}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {cancelLabel}
              </Button>
              <Button colorPalette={colorPalette} onClick={onConfirm} loading={busy}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The delete confirmation: "Are You Sure You Want to Delete?", "You won't be able to get back
 * once deleted the item.", Cancel and Delete.
 */
export function ConfirmDeleteDialog(props: ConfirmDialogProps) {
  return (
    <ConfirmDialog
      {...props}
      title="Are You Sure You Want to Delete?"
      description="You won't be able to get back once deleted the item."
      confirmLabel="Delete"
    />
  );
}
