import { createCipheriv, createDecipheriv, type KeyObject, randomBytes } from 'node:crypto';

/**
 * A personal value as the log stores it: sealed with its person's own key (AES-256-GCM, the
 * person's id as additional data, so a value cannot be moved to another person), with the value
 * a reader gets once that key is destroyed. A value sealed for a person whose key was destroyed
 * already holds no `$sealed` at all.
 *
 * An event's values of one person are sealed together, once: the first holds them all (its
 * `$with` names where the others go, in order), and each other one names the first (`$in`).
 */
export interface SealedValue {
  $sealed?: string;
  $subject: string;
  $erased: unknown;
  /** On the value that holds others: their places (`data.buyerPhone`), in the sealed order. */
  $with?: string[];
  /** On a value held by another: that one's place. */
  $in?: string;
}

/** One value to seal among a person's values of an event: its place, value and erased form. */
export interface Placed {
  path: string;
  value: unknown;
  erased: unknown;
}

/**
 * Seals one person's values of an event, all with one cipher: the first holds them all and
 * the others point to it (one value alone is sealed as it is).
 */
export function sealTogether(
  values: readonly Placed[],
  subject: string,
  key: KeyObject | null,
): SealedValue[] {
  const [first, ...others] = values;
  if (!first) return [];
  if (others.length === 0) return [seal(first.value, subject, key, first.erased)];
  const holder = seal(
    values.map((v) => v.value),
    subject,
    key,
    first.erased,
  );
  return [
    { ...holder, $with: others.map((o) => o.path) },
    ...others.map((o) => ({ $subject: subject, $erased: o.erased, $in: first.path })),
  ];
}

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

export const newKey = (): Buffer => randomBytes(KEY_BYTES);

export const isSealed = (value: unknown): value is SealedValue =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { $subject?: unknown }).$subject === 'string' &&
  Object.hasOwn(value, '$erased');

/** Seals `value` (any JSON value) for `subject`; with no key (destroyed) only the erased form. */
export function seal(
  value: unknown,
  subject: string,
  key: KeyObject | Buffer | null,
  erased: unknown,
): SealedValue {
  if (key === null) return { $subject: subject, $erased: erased };
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(subject, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  return { $sealed: sealed, $subject: subject, $erased: erased };
}

/** The value sealed in `sealed`, or its erased form when the key is gone. */
export function unseal(sealed: SealedValue, key: KeyObject | Buffer | null | undefined): unknown {
  if (!key || sealed.$sealed === undefined) return sealed.$erased;
  const bytes = Buffer.from(sealed.$sealed, 'base64url');
  const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(sealed.$subject, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const text = Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
  return JSON.parse(text);
}
