import { reject } from './domain-error.ts';
import { type Bound, within } from './rules.ts';

/** A required text field, trimmed; blank is "This field is required". */
export const required = (value: string, field: string): string => {
  const trimmed = value.trim();
  if (trimmed === '') reject('field-required', 'This field is required', field);
  return trimmed;
};

/** A required text, trimmed, of at most `max` characters. */
export const requiredWithin = (value: string, max: number, field: string): string => {
  const trimmed = required(value, field);
  if (trimmed.length > max) reject('field-out-of-range', `At most ${max} characters`, field);
  return trimmed;
};

/** An optional text, trimmed (blank or absent is ''), of at most `max` characters. */
export const optionalWithin = (
  value: string | null | undefined,
  max: number,
  field: string,
): string => {
  const trimmed = value?.trim() ?? '';
  if (trimmed.length > max) reject('field-out-of-range', `At most ${max} characters`, field);
  return trimmed;
};

/** A number within its rule's bound (a price, years of use). */
export const inBound = (bound: Bound, value: number, field: string): number => {
  if (!within(bound, value))
    reject(
      'field-out-of-range',
      `Must be a number from ${bound.min.toLocaleString('en-US')} to ${bound.max.toLocaleString('en-US')}`,
      field,
    );
  return value;
};
