import { Button, CloseButton, Code, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

/** A secret the server shows once (a key, a signing secret), with a button to copy it. */
export function ShownOnceDialog({
  title,
  value,
  onClose,
}: {
  title: string;
  value: string | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog.Root
      open={value !== null}
      onOpenChange={(e) => {
        if (!e.open) {
          setCopied(false);
          onClose();
        }
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <Stack gap="4">
                <Text>It is shown this once: copy it now and keep it safe.</Text>
                <Code p="3" overflowWrap="anywhere" data-testid="shown-once">
                  {value}
                </Code>
                <HStack>
                  <Button
                    colorPalette="teal"
                    onClick={async () => {
                      await navigator.clipboard?.writeText(value ?? '');
                      setCopied(true);
                    }}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                </HStack>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
