import { Box } from '@chakra-ui/react';

/** "3", or "99+" when there are more. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * A count in a red dot on the corner of an icon button; only seen: the button's name says the
 * count too. Nothing when the count is 0.
 */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Box
      as="span"
      aria-hidden="true"
      position="absolute"
      top="-1"
      insetEnd="-1"
      minW="5"
      h="5"
      px="1"
      borderRadius="full"
      bg="red.solid"
      color="white"
      fontSize="xs"
      fontWeight="bold"
      lineHeight="1.25rem"
      textAlign="center"
    >
      {badgeText(count)}
    </Box>
  );
}
