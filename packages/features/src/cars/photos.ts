import { MAX_CAR_PHOTOS } from './events.ts';
import { reject } from './rules.ts';

/**
 * A car's pictures as it keeps them: trimmed, each once, in the order given, at most
 * `MAX_CAR_PHOTOS`, and at least one.
 */
export const carPhotos = (images: readonly string[], field = 'images'): string[] => {
  const kept = [...new Set(images.map((image) => image.trim()).filter((image) => image !== ''))];
  if (kept.length === 0) reject('field-required', 'Give at least one picture', field);
  if (kept.length > MAX_CAR_PHOTOS)
    reject('field-out-of-range', `At most ${MAX_CAR_PHOTOS} pictures`, field);
  return kept;
};

export const samePhotos = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((image, i) => image === b[i]);
