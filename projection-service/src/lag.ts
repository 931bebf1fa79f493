import type { EventStore } from '@second-gear/event-store';
import {
  countParked,
  LIVE_SCHEMA,
  lagAfter,
  type ReadModelDb,
  readCheckpoints,
} from '@second-gear/read-model';
import { answers, type Readiness } from '@second-gear/service-http';
import type { ReactorState, RunningReactors } from './reactions/reactor.ts';
import type { RunningProjections } from './start-projections.ts';

/** How far one projection or reactor is behind the store. */
export interface Lag {
  name: string;
  position: bigint | undefined;
  /** Events after its position, counted up to `LAG_COUNT_LIMIT`. */
  lagEvents: number;
  lagEventsCapped: boolean;
  /** Age of the oldest event it has not applied, in seconds; 0 when caught up. */
  lagSeconds: number;
}

export interface SubscriptionsSnapshot {
  head: bigint | undefined;
  projections: (Lag & { parked: number; refused: string | undefined })[];
  reactors: (Lag & { parked: number; failing: ReactorState['failing'] })[];
}

export interface SubscriptionsWatch {
  /** Where every projection and reactor stands now (at most `maxAgeMs` old). */
  snapshot(): Promise<SubscriptionsSnapshot>;
}

export interface WatchSubscriptionsOptions {
  store: Pick<EventStore, 'headPosition' | 'readAll'>;
  db: ReadModelDb;
  schema?: string;
  projections: Pick<RunningProjections, 'refusals'>;
  reactors?: Pick<RunningReactors, 'states' | 'positions'>;
  /** How long one look serves (a scrape reads every gauge from one look). Default 1 s. */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * Looks at where the projections (their stored checkpoints) and the reactors (the last event
 * each passed) stand against the store. Caught up, that is one read of the head and of the
 * checkpoints; behind, one read of the store per distinct position, of at most
 * `LAG_COUNT_LIMIT` events. Positions are not dense, so events are counted, not subtracted.
 */
export const watchSubscriptions = (options: WatchSubscriptionsOptions): SubscriptionsWatch => {
  const { store, db } = options;
  const schema = options.schema ?? LIVE_SCHEMA;
  const maxAgeMs = options.maxAgeMs ?? 1000;
  const now = options.now ?? Date.now;
  let last: { at: number; snapshot: Promise<SubscriptionsSnapshot> } | undefined;

  const look = async (): Promise<SubscriptionsSnapshot> => {
    const head = await store.headPosition();
    const [checkpoints, parked, reactorStates] = await Promise.all([
      readCheckpoints(db, schema),
      countParked(db, schema),
      options.reactors?.states() ?? [],
    ]);
    const passed = options.reactors?.positions() ?? {};
    const lags = new Map<bigint | undefined, Promise<Omit<Lag, 'name' | 'position'>>>();
    const lagOf = (position: bigint | undefined) => {
      let lag = lags.get(position);
      if (lag === undefined) {
        lag = (async () => {
          if (head === undefined || (position !== undefined && position >= head)) {
            return { lagEvents: 0, lagEventsCapped: false, lagSeconds: 0 };
          }
          return lagAfter(store, position, now());
        })();
        lags.set(position, lag);
      }
      return lag;
    };
    const refusals = options.projections.refusals();
    const projections = await Promise.all(
      checkpoints.map(async (c) => ({
        name: c.name,
        position: c.position,
        ...(await lagOf(c.position)),
        parked: parked[c.name] ?? 0,
        refused: refusals[c.name],
      })),
    );
    const reactors = await Promise.all(
      reactorStates.map(async (state) => {
        const seen = passed[state.name];
        const position =
          seen === undefined || (state.position !== undefined && state.position > seen)
            ? state.position
            : seen;
        return {
          name: state.name,
          position,
          ...(await lagOf(position)),
          parked: state.parked,
          failing: state.failing,
        };
      }),
    );
    return { head, projections, reactors };
  };

  return {
    snapshot() {
      const at = now();
      if (last === undefined || at - last.at >= maxAgeMs) {
        const snapshot = look();
        last = { at, snapshot };
        // A failed look is not kept: the next caller looks again.
        snapshot.catch(() => {
          if (last?.snapshot === snapshot) last = undefined;
        });
      }
      return last.snapshot;
    },
  };
};

export interface ReadinessLimits {
  /** Most events a projection or reactor may be behind and still count as ready. */
  maxLagEvents: number;
  /** Oldest an event not yet applied may be, in seconds. */
  maxLagSeconds: number;
}

const behindBy = (kind: string, lag: Lag, limits: ReadinessLimits): string[] => [
  ...(lag.lagEvents > limits.maxLagEvents
    ? [
        `${kind} ${lag.name} is ${lag.lagEvents}${lag.lagEventsCapped ? ' or more' : ''} events behind the store (at most ${limits.maxLagEvents})`,
      ]
    : []),
  ...(lag.lagSeconds > limits.maxLagSeconds
    ? [
        `${kind} ${lag.name} has not applied an event ${Math.round(lag.lagSeconds)} s old (at most ${limits.maxLagSeconds} s)`,
      ]
    : []),
];

/**
 * Whether the projections and reactors keep up: ready when the store and the read model answer,
 * no projection refuses the store, and each is within the limits. Parked events and a failing
 * effect are warned of: the read model is short of something, but serves.
 */
export const subscriptionsReadiness = async (
  watch: SubscriptionsWatch,
  {
    store,
    db,
    schema = LIVE_SCHEMA,
    limits,
  }: {
    store: Pick<EventStore, 'headPosition'>;
    db: ReadModelDb;
    schema?: string;
    limits: ReadinessLimits;
  },
): Promise<Readiness> => {
  const down = [
    ...(await answers('the event store', () => store.headPosition())),
    ...(await answers('the read model database', () => readCheckpoints(db, schema))),
  ];
  if (down.length > 0) return { ready: false, reasons: down };
  const snapshot = await watch.snapshot();
  const reasons: string[] = [];
  const warnings: string[] = [];
  for (const p of snapshot.projections) {
    if (p.refused !== undefined) {
      reasons.push(
        `projection ${p.name} refuses the store: ${p.refused}; rebuild with npm run projections -- rebuild --fresh`,
      );
    }
    reasons.push(...behindBy('projection', p, limits));
    if (p.parked > 0) {
      warnings.push(
        `projection ${p.name} has ${p.parked} parked events: see npm run projections -- parked`,
      );
    }
  }
  for (const r of snapshot.reactors) {
    reasons.push(...behindBy('reactor', r, limits));
    if (r.parked > 0)
      warnings.push(`reactor ${r.name} passed over ${r.parked} events it cannot read`);
    if (r.failing) {
      warnings.push(
        `reactor ${r.name} keeps failing at position ${r.failing.position} (${r.failing.attempts} attempts): ${r.failing.lastError}`,
      );
    }
  }
  const lagOf = (lag: Lag) => ({
    position: lag.position?.toString() ?? null,
    lagEvents: lag.lagEvents,
    lagSeconds: Math.round(lag.lagSeconds * 1000) / 1000,
  });
  return {
    ready: reasons.length === 0,
    reasons,
    ...(warnings.length > 0 ? { warnings } : {}),
    head: snapshot.head?.toString() ?? null,
    projections: Object.fromEntries(snapshot.projections.map((p) => [p.name, lagOf(p)])),
    reactors: Object.fromEntries(snapshot.reactors.map((r) => [r.name, lagOf(r)])),
  };
};
