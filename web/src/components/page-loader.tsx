import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

/**
 * A spinner while something loads. A whole page's loader (`page`) fills the screen below the top
 * bar, so the footer starts below the fold and stays there when the page arrives, instead of
 * showing and then being pushed down.
 */
export function PageLoader({
  label = 'Loading',
  page = false,
}: {
  label?: string;
  page?: boolean;
}) {
  return (
    <Center
      py="16"
      role="status"
      aria-live="polite"
      {...(page ? { minH: 'calc(100dvh - 4rem)', alignItems: 'flex-start' } : {})}
    >
      <Spinner size="xl" color="teal.500" borderWidth="4px" aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
