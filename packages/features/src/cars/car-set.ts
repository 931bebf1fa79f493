/**
 * The cars that joined and left a set kept on a stream of its own (a category's cars, a
 * seller's): commands add to it at any version without reading it, and only a decision that
 * needs the whole set reads it.
 */
export type CarSet = { added: readonly string[]; removed: readonly string[] };

export const emptyCarSet = (): CarSet => ({ added: [], removed: [] });

export const carJoined = (set: CarSet, carId: string): CarSet => ({
  ...set,
  added: [...set.added, carId],
});

export const carLeft = (set: CarSet, carId: string): CarSet => ({
  ...set,
  removed: [...set.removed, carId],
});

/**
 * The set's live cars: those counted where the set was kept before it had a stream of its own,
 * and those that joined since, less those that left. A car joins once and leaves once, so the
 * order of the two streams does not matter.
 */
export const liveCarsOf = (counted: readonly string[], set: CarSet): string[] => {
  const live = new Set([...counted, ...set.added]);
  for (const carId of set.removed) live.delete(carId);
  return [...live];
};
