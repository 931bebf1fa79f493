import { counterIn, type Registry } from '@second-gear/service-http';

export type AppendOutcome = 'ok' | 'conflict' | 'error';

/** What the command service counts of its appends to the event store. */
export interface AppendMetrics {
  /** One call of `appendMany`, by how it ended: written, another writer first, or a failure. */
  call(outcome: AppendOutcome): void;
  /** Events written, the idempotency answers among them. */
  appended(events: number): void;
}

export const appendMetrics = (registry: Registry): AppendMetrics => {
  const calls = counterIn(registry, {
    name: 'second_gear_append_calls_total',
    help: 'Appends to the event store by the command service (one per command attempt), by outcome: ok, conflict (another writer changed a stream first; retried), error.',
    labelNames: ['outcome'],
  });
  const events = counterIn(registry, {
    name: 'second_gear_appended_events_total',
    help: 'Events the command service appended to the event store.',
  });
  // Every outcome from the first scrape on, so a rate over them starts at 0, not at absence.
  for (const outcome of ['ok', 'conflict', 'error'] as const) calls.inc({ outcome }, 0);
  return {
    call: (outcome) => calls.inc({ outcome }),
    appended: (count) => events.inc(count),
  };
};
