import { HttpProblem } from './problem.ts';

/** Read-your-writes headers (see docs/architecture.md, "Positions"). */
export const EVENT_POSITION_HEADER = 'X-Event-Position';
export const MIN_POSITION_HEADER = 'X-Min-Position';
export const PROJECTION_POSITION_HEADER = 'X-Projection-Position';
export const POSITION_REACHED_HEADER = 'X-Position-Reached';

/**
 * Where the query service streams the version of its read model (server-sent events), which
 * the gateway keeps visitors' pages at. Outside `/api`, so the gateway never routes it to the
 * public.
 */
export const READ_MODEL_VERSION_PATH = '/read-model/version';

const MAX_POSITION = 2n ** 64n - 1n;
const DECIMAL = /^(0|[1-9][0-9]{0,19})$/;

/** True for a position as it travels: a decimal string of an unsigned 64-bit integer. */
export function isPosition(value: string): boolean {
  return DECIMAL.test(value) && BigInt(value) <= MAX_POSITION;
}

export function formatPosition(position: bigint): string {
  if (position < 0n || position > MAX_POSITION) {
    throw new RangeError(`A position is an unsigned 64-bit integer, got ${position}`);
  }
  return position.toString(10);
}

/** Parses a position; throws a RangeError naming the value when it is not one. */
export function parsePosition(value: string): bigint {
  const text = value.trim();
  if (!isPosition(text)) {
    throw new RangeError(`Not a position (a non-negative decimal integer): "${value}"`);
  }
  return BigInt(text);
}

/**
 * Reads an optional position header (`X-Min-Position`), answering 400 with the header named
 * when it is present but malformed.
 */
export function positionFromHeader(
  headers: Record<string, string | string[] | undefined>,
  name: string = MIN_POSITION_HEADER,
): bigint | undefined {
  const raw = headers[name.toLowerCase()];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return undefined;
  try {
    return parsePosition(value);
  } catch {
    throw new HttpProblem(400, 'Bad Request', `${name} must be a non-negative integer.`, [
      { field: `headers.${name.toLowerCase()}`, message: 'Must be a non-negative integer' },
    ]);
  }
}
