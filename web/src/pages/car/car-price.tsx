// The price block of a car's page: the asking price as the page's largest line, then what it
// cost new, its deal rating against the market, and any drop since it was listed.
import { HStack, Stack, Text } from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/features/contract';
import { droppedFrom } from '../../components/car-card.tsx';
import { formatMoney, savingOf } from '../../components/car-facts.ts';
import { DealLine } from '../../components/deal-rating.tsx';

export function CarPrice({ car }: { car: CarRecord }) {
  const dropped = droppedFrom(car);
  const saving = savingOf(car);
  return (
    <Stack gap="1">
      <HStack gap="2" align="baseline" wrap="wrap">
        <Text fontWeight="semibold" color="fg.muted">
          Sale Price:
        </Text>
        <Text fontSize={{ base: '3xl', md: '4xl' }} fontWeight="bold" lineHeight="1.1">
          {formatMoney(car.price)}
        </Text>
      </HStack>
      <HStack gap="2" align="baseline" wrap="wrap" fontSize="sm">
        <Text fontWeight="semibold" color="fg.muted">
          Original Price:
        </Text>
        <Text>{formatMoney(car.original_price)}</Text>
        {saving !== undefined ? <Text color="fg.muted">Save {formatMoney(saving)}</Text> : null}
      </HStack>
      {dropped !== undefined ? (
        <Text color="green.fg" fontWeight="semibold" fontSize="sm">
          Price dropped from {formatMoney(dropped)}
        </Text>
      ) : null}
      <DealLine car={car} />
    </Stack>
  );
}
