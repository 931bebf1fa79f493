import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="16" role="status" aria-live="polite">
      <Spinner size="xl" color="teal.500" borderWidth="4px" aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
