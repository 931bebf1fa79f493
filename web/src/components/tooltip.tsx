import { Tooltip as ChakraTooltip, Portal } from '@chakra-ui/react';
import type { ReactElement } from 'react';

/** A tooltip around one focusable element; it opens on hover and on keyboard focus. */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <ChakraTooltip.Root openDelay={200} closeDelay={100}>
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>{label}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
