import { randomUUID } from 'node:crypto';
import {
  type AppendRequest,
  type EventStore,
  WrongExpectedVersionError,
} from '@second-gear/event-store';
import {
  type Actor,
  type Command,
  loadAndDecide,
  parseDomainEvent,
  withMetadata,
} from '@second-gear/features';

/** The deliverer's actor in the events it appends (the audit log shows it as the system). */
export const deliverer: Actor = {
  uid: 'system',
  email: 'webhooks@second-gear.local',
  role: 'System',
};

/**
 * Runs a command of the System actor through the domain's own decision and appends what it
 * decides, each stream at the version it was read at, trying again when another writer came
 * first. The deliverer reports an endpoint failing or recovered this way: the decision, not the
 * deliverer, says whether anything changes. (The command service's handler does the same for
 * requests, with idempotency keys and answers the deliverer has no use for.)
 */
export const runSystemCommand = async (store: EventStore, command: Command): Promise<void> => {
  for (let attempt = 1; ; attempt++) {
    const { appends, checks, actor } = await loadAndDecide(command, async (stream) => {
      const recorded = await store.readStream(stream);
      return {
        events: recorded.map((event) => parseDomainEvent(event)),
        version: recorded.at(-1)?.streamVersion ?? -1,
      };
    });
    if (appends.length === 0) return;
    const id = randomUUID();
    const context = { actor, now: new Date(), correlationId: id, causationId: id };
    const requests: AppendRequest[] = [
      ...appends.map(({ stream, expected, events }) => ({
        stream,
        expected,
        events: withMetadata(events, context).map((event) => ({
          id: randomUUID(),
          type: event.type,
          data: event.data,
          metadata: event.metadata,
        })),
      })),
      ...checks.map((check) => ({ ...check, events: [] })),
    ];
    try {
      await store.appendMany(requests);
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= 5) throw error;
    }
  }
};
