import type { EventStore } from '@second-gear/event-store';
import { listingTermSchedule, listingTermTypes } from '@second-gear/features';
import type { ReadModelDb } from '@second-gear/read-model';
import type { Logger } from 'pino';
import type { Reactor } from './reactor.ts';
import { runSystemCommand } from './system-command.ts';

export interface ListingTermsOptions {
  store: EventStore;
  /** Holds the schedule's table, beside the reactors' checkpoints. */
  db: ReadModelDb;
  /** The time a look sees as now; the clock by default (tests move it). */
  now?: () => Date;
  /** How often the schedule looks for terms due (default a minute). */
  everyMs?: number;
  logger?: Pick<Logger, 'info' | 'warn'>;
}

export interface ListingTerms {
  /** Follows the listings' events, with its own checkpoint: start it with the other reactors. */
  reactor: Reactor;
  /** Looks once, now, for the terms due; answers how many it warned and ended. */
  look(): Promise<{ warned: number; expired: number }>;
  stop(): Promise<void>;
}

/**
 * Listings that end: a reactor keeps each car's term from its events, and every `everyMs` the
 * schedule tells sellers whose term ends within a week and ends the terms that are over, through
 * the domain's own decisions as the System. A look that fails is tried again at the next one;
 * looks never overlap.
 */
export const startListingTerms = async (options: ListingTermsOptions): Promise<ListingTerms> => {
  const { store, db, logger } = options;
  const now = options.now ?? (() => new Date());
  const schedule = listingTermSchedule(db, (command) => runSystemCommand(store, command));
  await schedule.prepare();
  let looking: Promise<unknown> = Promise.resolve();
  const look = () => {
    const next = looking.then(() => schedule.look(now()));
    looking = next.catch(() => {});
    return next;
  };
  const timer = setInterval(() => {
    look().then(
      (done) => {
        if (done.warned + done.expired > 0) logger?.info(done, 'listing terms warned and ended');
      },
      (error: unknown) => logger?.warn({ err: error }, 'listing terms: look failed; next time'),
    );
  }, options.everyMs ?? 60_000);
  timer.unref();
  return {
    reactor: {
      name: 'listing-terms',
      types: listingTermTypes,
      react: (event) => schedule.follow(event),
    },
    look,
    async stop() {
      clearInterval(timer);
      await looking;
    },
  };
};
