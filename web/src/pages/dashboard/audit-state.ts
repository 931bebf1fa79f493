// How a subject's past reads on the time-travel page: the state the decisions see (the
// contract's `AuditState.state`, whose shape is the domain's) as labelled facts, and each
// change's values in words.
import type { AuditState } from '@second-gear/features/contract';

/** One line of the state's definition list. */
export interface Fact {
  /** Its path in the state, as the changes name it: `car.price`, `images`, `role`. */
  path: string;
  label: string;
  value: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `sellerId` and `original_price` as "Seller id" and "Original price". */
const words = (key: string) => {
  const spaced = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/**
 * A path in words. A car's own fields sit under `car` in its state and read as the car's
 * ("Price"); another nested field names its parent ("Booking status").
 */
export function labelOf(path: string): string {
  const parts = path.split('.');
  if (parts[0] === 'car') parts.shift();
  if (parts.length === 0) return 'Car';
  const [first, ...rest] = parts;
  return [words(first!), ...rest.map((part) => words(part).toLowerCase())].join(' ');
}

/**
 * The facts worth a line: every field, a nested record's fields one by one. A record of records
 * (a car's every booking, by id) is left to the raw JSON below the list.
 */
export function factsOf(state: AuditState['state']): Fact[] {
  const facts: Fact[] = [];
  for (const [key, value] of Object.entries(state)) {
    if (!isRecord(value)) {
      facts.push({ path: key, label: labelOf(key), value });
    } else if (!Object.values(value).some(isRecord)) {
      for (const [inner, leaf] of Object.entries(value)) {
        const path = `${key}.${inner}`;
        facts.push({ path, label: labelOf(path), value: leaf });
      }
    }
  }
  return facts;
}

/** Whether a field holds pictures: a car's cover and gallery, a user's picture. */
export const isPictureField = (path: string) => /(^|\.)(image|images|photoURL)$/.test(path);

/** A value in words: "None" for nothing, Yes/No, a list joined, anything else as JSON. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'None';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object')) {
    return value.length === 0 ? 'None' : value.map(String).join(', ');
  }
  return JSON.stringify(value);
}

/** The picture addresses of a value: one, a list, or none. */
export const picturesIn = (value: unknown): string[] =>
  typeof value === 'string' && value !== ''
    ? [value]
    : Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];

const two = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a `datetime-local` value in the reader's time, to the second. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(
    date.getHours(),
  )}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/**
 * A `datetime-local` value (the reader's time) as the API's ISO time; undefined when blank or
 * unreadable. A value to the minute means the end of that minute, so what happened during it
 * is included.
 */
export function fromLocalInput(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  if (/T\d{2}:\d{2}$/.test(value)) date.setSeconds(59, 999);
  return date.toISOString();
}
