// Read-your-writes: remember the highest event position a command answered with, and send it
// with every read until a read shows that the projections have reached it.

let wanted: bigint | null = null;

function parse(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return BigInt(Math.trunc(value));
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return BigInt(value.trim());
  return null;
}

export function recordPosition(value: unknown): void {
  const position = parse(value);
  if (position === null) return;
  if (wanted === null || position > wanted) wanted = position;
}

/** The value for X-Min-Position, or null when every write is already visible. */
export function minPosition(): string | null {
  return wanted === null ? null : wanted.toString();
}

/** A read's answer: `X-Projection-Position`, and `X-Position-Reached` when the server says so. */
export function observeProjection(value: string | null, reachedFlag: string | null = null): void {
  const reached = parse(value);
  if (wanted === null) return;
  if (reached !== null && reached >= wanted) wanted = null;
  else if (reachedFlag === 'true' && reached === null) wanted = null;
}

export function resetPositions(): void {
  wanted = null;
}
