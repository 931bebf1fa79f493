import { Badge, Text } from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/features/contract';
import type { DealRating } from '@second-gear/features/rules';
import { formatMoney, formatNumber } from './car-facts.ts';

/** Each rating's words and colour; the words say it, the colour only repeats it. */
export const dealLabels: Record<DealRating, { label: string; palette: string }> = {
  great: { label: 'Great deal', palette: 'green' },
  good: { label: 'Good deal', palette: 'teal' },
  fair: { label: 'Fair price', palette: 'blue' },
  high: { label: 'High price', palette: 'orange' },
  overpriced: { label: 'Overpriced', palette: 'red' },
};

/** A car's deal rating as a badge; nothing while it has none. */
export function DealBadge({ car }: { car: Pick<CarRecord, 'deal'> }) {
  if (car.deal === undefined) return null;
  const { label, palette } = dealLabels[car.deal];
  return (
    <Badge colorPalette={palette} variant="subtle">
      {label}
    </Badge>
  );
}

/**
 * What the rating stands on, in one line: "$1,200 below the market value of $13,700, from 23
 * similar cars", then the fair range.
 */
export const dealExplanation = ({ price, market }: Pick<CarRecord, 'price' | 'market'>) => {
  if (market === undefined) return undefined;
  const difference = Math.round(price - market.value);
  const from = `from ${formatNumber(market.comparables)} similar cars`;
  const at = `the market value of ${formatMoney(market.value)}, ${from}`;
  const where =
    difference === 0
      ? `At ${at}`
      : `${formatMoney(Math.abs(difference))} ${difference < 0 ? 'below' : 'above'} ${at}`;
  return `${where}. Fair range ${formatMoney(market.low)} – ${formatMoney(market.high)}.`;
};

/** The rating and its explanation, for the car's page. */
export function DealLine({ car }: { car: Pick<CarRecord, 'price' | 'market' | 'deal'> }) {
  const explanation = dealExplanation(car);
  if (explanation === undefined) return null;
  return (
    <Text fontSize="sm">
      <DealBadge car={car} /> {explanation}
    </Text>
  );
}
