// A seller's price guide, under the Sell Price: once the make, model and year are filled in (the
// mileage helps), what cars like it are worth, from the cars for sale and sold. It only informs:
// it is no field of the form, and a guide that fails to come says nothing and blocks nothing.
import { Field } from '@chakra-ui/react';
import {
  FIRST_MODEL_YEAR,
  LAST_SEARCHED_YEAR,
  MILEAGE,
  TEXT_MAX,
} from '@second-gear/features/rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getMarketValue, type MarketValueGuide } from '../../api/endpoints.ts';
import { formatMoney, formatNumber } from '../../components/car-facts.ts';
import { useSettled } from '../../components/use-settled.ts';

/** How long the typing pauses before the guide is asked for. */
const SETTLE_MS = 300;

/** The details as typed, by their names in the form. */
export interface GuideFields {
  make: string;
  model: string;
  year: string;
  mileage: string;
}

/** A whole number as people type it ("85,000"), within `min` and `max`; undefined otherwise. */
const wholeNumber = (text: string, min: number, max: number) => {
  const value = Number(text.trim().replaceAll(',', ''));
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : undefined;
};

/**
 * The car the fields describe, when they describe one the API can value: a make and a model of
 * at most the lengths a listing takes and a model year it searches; a mileage only when it is one.
 */
export const guidedCar = ({ make, model, year, mileage }: GuideFields) => {
  const named = { make: make.trim(), model: model.trim() };
  const modelYear = wholeNumber(year, FIRST_MODEL_YEAR, LAST_SEARCHED_YEAR);
  if (named.make === '' || named.make.length > TEXT_MAX.make) return undefined;
  if (named.model === '' || named.model.length > TEXT_MAX.model) return undefined;
  if (modelYear === undefined) return undefined;
  const km = wholeNumber(mileage, MILEAGE.min, MILEAGE.max);
  return { ...named, year: modelYear, ...(km === undefined ? {} : { mileage: km }) };
};

/**
 * The guide in words: "Market value $13,700 (fair $12,100 – $13,400), from 23 similar cars", or
 * that too few cars like it are known for one.
 */
export const guideWords = ({ value, low, high, comparables }: MarketValueGuide): string =>
  value === null || low === null || high === null
    ? 'Not enough similar cars for a price guide yet'
    : `Market value ${formatMoney(value)} (fair ${formatMoney(low)} – ${formatMoney(high)}), from ${formatNumber(comparables)} similar cars`;

/**
 * The guide, as the help text of the field it sits in (the Sell Price); nothing until the
 * details describe a car and its guide has come.
 */
export function PriceGuide({ fields }: { fields: GuideFields }) {
  // Settled as text: a new object every render would never stay the same.
  const typed = JSON.stringify(guidedCar(fields) ?? null);
  const car = JSON.parse(useSettled(typed, SETTLE_MS)) as ReturnType<typeof guidedCar> | null;
  const guide = useQuery({
    queryKey: ['market-value', car],
    queryFn: () => getMarketValue(car as NonNullable<typeof car>),
    enabled: car !== null,
    // The guide of the car described a moment ago stays while the next one comes.
    placeholderData: keepPreviousData,
    meta: { quiet: true },
  });
  if (car === null || typed === 'null' || guide.data === undefined) return null;
  return (
    <Field.HelperText role="status" aria-live="polite">
      {guideWords(guide.data)}
    </Field.HelperText>
  );
}
