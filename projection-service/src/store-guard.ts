import type { EventStore } from '@second-gear/event-store';
import type { Checkpoint } from '@second-gear/read-model';

/** What an operator does when a checkpoint does not belong to the store it meets. */
export const REBUILD_ADVICE =
  'rebuild the read model from this store: npm run projections -- rebuild --fresh';

/**
 * Why the projection of `checkpoint` must not go on reading `store`, or undefined when it may.
 * Going on would skip events silently: positions up to the checkpoint count as applied, and
 * another store (a new database), a store restored from an older backup, or a copy failed over
 * to that lost its last events hand out those positions again to other events.
 */
export const checkpointMismatch = async (
  store: EventStore,
  checkpoint: Pick<Checkpoint, 'position' | 'storeId' | 'eventId'>,
  storeId: string,
): Promise<string | undefined> => {
  if (checkpoint.storeId !== null && checkpoint.storeId !== storeId) {
    return `its checkpoint was written against another event store (${checkpoint.storeId}; this one is ${storeId})`;
  }
  const { position } = checkpoint;
  if (position === undefined) return undefined;
  const [at] = await store.readAll({ after: position - 1n, limit: 1 });
  if (at?.position !== position) {
    const head = await store.headPosition();
    return `its checkpoint is at position ${position}, where the event store has no event (its head is ${head ?? 'empty'}): it was restored from an older backup, or failed over to a copy that lost its last events`;
  }
  if (checkpoint.eventId !== null && at.id !== checkpoint.eventId) {
    return `the event at its checkpoint (position ${position}) is ${at.id}, not ${checkpoint.eventId} it applied: the store hands out its positions again`;
  }
  return undefined;
};
