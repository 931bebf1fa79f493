// A car out of search and not bookable, though neither sold nor deleted: hidden by a moderator
// or by reports, its seller suspended, or its listing expired. Its page tells a buyer so instead
// of offering to book it; the seller's list badges it and gives the moderator's words.
import { Alert, Badge, Text } from '@chakra-ui/react';
import type { OffMarketReason } from '@second-gear/features/rules';
import { offMarketLabels, offMarketNotices } from './labels.ts';

/** What the car's page says in place of Book Now. */
export function OffMarketNotice({ reason }: { reason: OffMarketReason }) {
  return (
    <Alert.Root status={reason === 'expired' ? 'info' : 'warning'} role="status">
      <Alert.Indicator />
      <Alert.Title>{offMarketNotices[reason]}</Alert.Title>
    </Alert.Root>
  );
}

/** "Hidden", "Seller suspended" or "Expired", beside the car's status on the seller's list. */
export function OffMarketBadge({ reason }: { reason: OffMarketReason }) {
  return (
    <Badge colorPalette={reason === 'expired' ? 'gray' : 'red'} variant="solid" whiteSpace="nowrap">
      {offMarketLabels[reason]}
    </Badge>
  );
}

/**
 * Why a moderator acted (or why reports hid a car), after its `label`: dark text on a light
 * warning tint.
 */
export function ModeratorReason({
  reason,
  label = 'Moderator',
}: {
  reason: string;
  label?: string;
}) {
  return (
    <Text
      fontSize="sm"
      fontWeight="normal"
      color="orange.fg"
      bg="orange.subtle"
      borderRadius="md"
      px="2"
      py="1"
      mt="1"
      whiteSpace="pre-wrap"
      overflowWrap="anywhere"
    >
      <Text as="span" fontWeight="semibold">
        {label}:{' '}
      </Text>
      {reason}
    </Text>
  );
}
