// A seller's price guide: once the make, model and year are filled in (the mileage helps), what
// cars like it are worth, from the cars for sale and sold. It only informs; it never blocks.
import { Text } from '@chakra-ui/react';
import { FIRST_MODEL_YEAR, LAST_SEARCHED_YEAR } from '@second-gear/features/rules';
import { useQuery } from '@tanstack/react-query';
import { getMarketValue } from '../../api/endpoints.ts';
import { formatMoney, formatNumber } from '../../components/car-facts.ts';
import { useSettled } from '../../components/use-settled.ts';

/** How long the typing pauses before the guide is asked for. */
const SETTLE_MS = 300;

/** The car the fields describe, when they describe one the guide can value. */
const carOf = (make: string, model: string, yearText: string, mileageText: string) => {
  const year = Number(yearText.trim());
  const mileage = Number(mileageText.trim().replaceAll(',', ''));
  if (make.trim() === '' || model.trim() === '') return undefined;
  if (!Number.isInteger(year) || year < FIRST_MODEL_YEAR || year > LAST_SEARCHED_YEAR) {
    return undefined;
  }
  return {
    make: make.trim(),
    model: model.trim(),
    year,
    ...(mileageText.trim() !== '' && Number.isInteger(mileage) && mileage >= 0 && { mileage }),
  };
};

/** The guide's one line: the market value and its fair range, or why there is none yet. */
export function PriceGuide(fields: { make: string; model: string; year: string; mileage: string }) {
  // Settled as text: a new object every render would never stay the same.
  const typed = JSON.stringify(
    carOf(fields.make, fields.model, fields.year, fields.mileage) ?? null,
  );
  const car = JSON.parse(useSettled(typed, SETTLE_MS)) as ReturnType<typeof carOf> | null;
  const guide = useQuery({
    queryKey: ['market-value', car],
    queryFn: () => getMarketValue(car as NonNullable<typeof car>),
    enabled: car !== null,
    meta: { quiet: true },
  });
  if (car === null || guide.data === undefined) return null;
  const { value, low, high, comparables } = guide.data;
  return (
    <Text fontSize="sm" role="status" aria-live="polite">
      {value === null || low === null || high === null
        ? 'Not enough similar cars for a price guide yet.'
        : `Price guide: cars like this sell for about ${formatMoney(value)} (fair ${formatMoney(low)} – ${formatMoney(high)}), from ${formatNumber(comparables)} similar cars.`}
    </Text>
  );
}
