import { counterIn, gaugeIn, type Registry } from '@second-gear/service-http';
import type { SubscriptionsWatch } from './lag.ts';

/** What a projection or a reactor counts as it goes: its batches and the events it applied. */
export interface SubscriptionCounters {
  batch(name: string, outcome: 'applied' | 'failed'): void;
  applied(name: string, events: number): void;
}

const countersOf = (
  registry: Registry,
  kind: 'projection' | 'reactor',
  what: { applied: string; batches: string },
): SubscriptionCounters => {
  const applied = counterIn(registry, {
    name: `second_gear_${kind}_events_applied_total`,
    help: what.applied,
    labelNames: [kind],
  });
  const batches = counterIn(registry, {
    name: `second_gear_${kind}_batches_total`,
    help: what.batches,
    labelNames: [kind, 'outcome'],
  });
  return {
    batch: (name, outcome) => batches.inc({ [kind]: name, outcome }),
    applied: (name, events) => applied.inc({ [kind]: name }, events),
  };
};

export const projectionCounters = (registry: Registry): SubscriptionCounters =>
  countersOf(registry, 'projection', {
    applied: 'Events each projection applied to its read tables (parked ones not included).',
    batches:
      'Batches each projection ran, by outcome: applied (committed with its checkpoint), failed (rolled back, retried).',
  });

export const reactorCounters = (registry: Registry): SubscriptionCounters =>
  countersOf(registry, 'reactor', {
    applied: 'Events of its types each reactor handled (its effect done).',
    batches:
      'Batches of events each reactor went through, by outcome: applied, failed (its subscription broke off and starts again).',
  });

/**
 * The gauges read at each scrape from where the projections and reactors stand: their lag in
 * events and in seconds, their parked events, a refusal, a failing effect. One look at the
 * store and the checkpoints serves every gauge of a scrape (`watch` keeps it a moment).
 */
export const subscriptionGauges = (registry: Registry, watch: SubscriptionsWatch): void => {
  const gauge = (
    name: string,
    help: string,
    label: 'projection' | 'reactor',
    read: (snapshot: Awaited<ReturnType<SubscriptionsWatch['snapshot']>>) => [string, number][],
  ) =>
    gaugeIn(registry, {
      name,
      help,
      labelNames: [label],
      async collect() {
        this.reset();
        // A store or database that does not answer leaves the gauges empty for this scrape;
        // readiness and the logs say why.
        const snapshot = await watch.snapshot().catch(() => undefined);
        if (snapshot === undefined) return;
        for (const [subscription, value] of read(snapshot))
          this.set({ [label]: subscription }, value);
      },
    });

  gauge(
    'second_gear_projection_lag_events',
    'Events in the store after the projection checkpoint (counted up to 10000).',
    'projection',
    (s) => s.projections.map((p) => [p.name, p.lagEvents]),
  );
  gauge(
    'second_gear_projection_lag_seconds',
    'Age of the oldest event the projection has not applied yet; 0 when it is caught up.',
    'projection',
    (s) => s.projections.map((p) => [p.name, p.lagSeconds]),
  );
  gauge(
    'second_gear_projection_parked_events',
    'Events the projection parked (could not apply) that nobody has retried or skipped yet.',
    'projection',
    (s) => s.projections.map((p) => [p.name, p.parked]),
  );
  gauge(
    'second_gear_projection_refused',
    '1 while the projection refuses to go on because its checkpoint belongs to another store.',
    'projection',
    (s) => s.projections.map((p) => [p.name, p.refused === undefined ? 0 : 1]),
  );
  gauge(
    'second_gear_reactor_lag_events',
    'Events in the store after the last one the reactor passed (counted up to 10000).',
    'reactor',
    (s) => s.reactors.map((r) => [r.name, r.lagEvents]),
  );
  gauge(
    'second_gear_reactor_lag_seconds',
    'Age of the oldest event the reactor has not passed yet; 0 when it is caught up.',
    'reactor',
    (s) => s.reactors.map((r) => [r.name, r.lagSeconds]),
  );
  gauge(
    'second_gear_reactor_parked_events',
    'Events the reactor could not read and passed over (kept in reactions.parked).',
    'reactor',
    (s) => s.reactors.map((r) => [r.name, r.parked]),
  );
  gauge(
    'second_gear_reactor_failing',
    '1 while an effect of the reactor keeps failing and is retried with backoff.',
    'reactor',
    (s) => s.reactors.map((r) => [r.name, r.failing === undefined ? 0 : 1]),
  );
};
