import { reject } from './domain-error.ts';

/** A required text field, trimmed; blank is "This field is required". */
export const required = (value: string, field: string): string => {
  const trimmed = value.trim();
  if (trimmed === '') reject('field-required', 'This field is required', field);
  return trimmed;
};

/** Prices and years of use: a finite number, zero or more. */
export const nonNegative = (value: number, field: string): number => {
  if (!Number.isFinite(value) || value < 0)
    reject('field-out-of-range', 'Must be a number, zero or more', field);
  return value;
};
