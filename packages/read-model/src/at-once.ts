/**
 * Runs `task` on each item, `width` at a time, in the order given; fails as soon as one does.
 * The read model's bulk work (deriving tables, building indexes) goes two at a time: one per core
 * of a small server, each statement on a connection of its own. On PGlite, which has one
 * connection, they simply take turns.
 */
export const eachAtOnce = async <T>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<void>,
): Promise<void> => {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  };
  await Promise.all(Array.from({ length: Math.min(width, queue.length) }, worker));
};
