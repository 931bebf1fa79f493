import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore } from '@second-gear/event-store';
import { LIVE_SCHEMA, migrateReadModel, type ReadModelDb } from '@second-gear/read-model';
import type { Logger } from 'pino';
import { applyBatch, readPosition, registerCheckpoints } from './apply-batch.ts';
import { batched } from './batches.ts';
import type { Projection } from './projection.ts';
import { allProjections } from './projections/index.ts';

export interface StartProjectionsOptions {
  store: EventStore;
  db: ReadModelDb;
  /** Most events applied in one transaction (default 500). */
  batchSize?: number;
  /** Aborting it stops the projections, like `stop()`. */
  signal?: AbortSignal;
  /** The schema to keep up to date (default `read_model`). */
  schema?: string;
  projections?: readonly Projection[];
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** First wait after a failed batch; doubles up to 5 s (default 200 ms). */
  retryDelayMs?: number;
}

export interface RunningProjections {
  /** The position every projection has committed (the lowest), as this process saw it. */
  position(): bigint | undefined;
  /** Each projection's committed position. */
  positions(): Record<string, bigint | undefined>;
  /** Stops reading, lets the batch in flight finish, and resolves when all have ended. */
  stop(): Promise<void>;
}

/**
 * Migrates the read model, then keeps every projection up to date: each catches up from its
 * stored checkpoint in batches (`readAll`), then follows the store's live subscription,
 * applying whatever has arrived in one transaction with its checkpoint. A failed batch is
 * rolled back and retried from the stored checkpoint, so nothing is skipped or applied twice.
 */
export const startProjections = async (
  options: StartProjectionsOptions,
): Promise<RunningProjections> => {
  const schema = options.schema ?? LIVE_SCHEMA;
  const projections = options.projections ?? allProjections;
  const { db, store } = options;
  const batchSize = options.batchSize ?? 500;
  const log = options.logger;
  const controller = new AbortController();
  const signal = options.signal
    ? AbortSignal.any([options.signal, controller.signal])
    : controller.signal;

  await migrateReadModel(db, schema);
  await registerCheckpoints(db, schema, projections);

  const committed = new Map<string, bigint | undefined>();

  const run = async (projection: Projection): Promise<void> => {
    let delay = options.retryDelayMs ?? 200;
    while (!signal.aborted) {
      try {
        let position = await readPosition(db, schema, [projection]);
        committed.set(projection.name, position);

        // Catch up in full batches straight from the store.
        for (;;) {
          const events = await store.readAll({ after: position, limit: batchSize });
          if (events.length === 0 || signal.aborted) break;
          const result = await applyBatch(db, {
            schema,
            projections: [projection],
            events,
            expected: { position },
          });
          position = result.position;
          committed.set(projection.name, position);
          if (result.kind === 'applied' && events.length < batchSize) break;
        }

        // Then follow, until stopped or until the checkpoint moves under us. (A signal that
        // was aborted already counts too: `any` starts out aborted.)
        if (signal.aborted) return;
        const moved = new AbortController();
        const following = AbortSignal.any([signal, moved.signal]);
        try {
          const subscription = store.subscribe({
            ...(position === undefined ? {} : { after: position }),
            signal: following,
          });
          for await (const events of batched(subscription, batchSize)) {
            const result = await applyBatch(db, {
              schema,
              projections: [projection],
              events,
              expected: { position },
            });
            position = result.position;
            committed.set(projection.name, position);
            if (result.kind === 'moved') {
              log?.warn({ projection: projection.name }, 'checkpoint moved; reading again from it');
              break;
            }
          }
        } finally {
          moved.abort();
        }
        delay = options.retryDelayMs ?? 200;
      } catch (error) {
        if (signal.aborted) return;
        log?.error(
          { err: error, projection: projection.name },
          'projection batch failed; retrying',
        );
        await sleep(delay, undefined, { signal }).catch(() => {});
        delay = Math.min(delay * 2, 5000);
      }
    }
  };

  const running = Promise.all(projections.map((p) => run(p)));
  log?.info({ projections: projections.map((p) => p.name), schema }, 'projections started');

  return {
    position() {
      let lowest: bigint | undefined;
      for (const p of projections) {
        const position = committed.get(p.name);
        if (position === undefined) return undefined;
        if (lowest === undefined || position < lowest) lowest = position;
      }
      return lowest;
    },
    positions() {
      return Object.fromEntries(projections.map((p) => [p.name, committed.get(p.name)]));
    },
    async stop() {
      controller.abort();
      await running;
    },
  };
};
