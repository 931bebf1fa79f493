import { countParked, type ReadModelDb } from '@second-gear/read-model';
import { type RunningReactors, reactorHealth } from './reactions/reactor.ts';
import type { RunningProjections } from './start-projections.ts';

/**
 * What the projections and reactors say about themselves on `/health`. `degraded`: events are
 * parked, a projection is held before an event it keeps failing to apply (`retrying`), or a
 * reactor keeps failing; the read model is short of something or behind while it goes on
 * serving, and an operator should look. `failing`: a projection or a reactor refuses its
 * checkpoint (another store's) and does nothing until an operator acts.
 */
export const subscriptionsHealth = async ({
  db,
  projections,
  reactors,
}: {
  db: ReadModelDb;
  projections: Pick<RunningProjections, 'refusals' | 'failures'>;
  reactors: Pick<RunningReactors, 'states'>;
}) => {
  const parked = await countParked(db);
  const reactions = await reactors.states();
  const refused = projections.refusals();
  const retrying = projections.failures();
  const failing = Object.keys(refused).length > 0 || reactions.some((r) => r.refused);
  const degraded =
    Object.keys(parked).length > 0 ||
    Object.keys(retrying).length > 0 ||
    reactions.some((r) => r.failing || r.parked > 0);
  return {
    status: failing ? ('failing' as const) : degraded ? ('degraded' as const) : ('ok' as const),
    ...(failing ? { refused } : {}),
    ...(Object.keys(retrying).length > 0 ? { retrying } : {}),
    parked,
    reactors: Object.fromEntries(reactions.map((r) => [r.name, reactorHealth(r)])),
  };
};
