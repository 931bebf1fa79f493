/**
 * Runs `task` on each item, `width` at a time, in the order given. The first failure stops
 * the rest from starting; the tasks already running are waited for, then it is thrown, so
 * nothing is left working on the database after the caller has been told. The read model's
 * bulk work (deriving tables, building indexes) goes two at a time: one per core of a small
 * server, each on a connection of its own. On PGlite, which has one connection, they take turns.
 */
export const eachAtOnce = async <T>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<void>,
): Promise<void> => {
  const queue = [...items];
  const failures: unknown[] = [];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      try {
        await task(item);
      } catch (error) {
        failures.push(error);
        queue.length = 0;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, queue.length) }, worker));
  if (failures.length > 0) throw failures[0];
};
