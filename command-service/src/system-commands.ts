import { randomUUID } from 'node:crypto';
import type { EventStore } from '@second-gear/event-store';
import {
  type Actor,
  commandDecider,
  foldStream,
  isEventType,
  parseDomainEvent,
  streams,
} from '@second-gear/features';
import { CommandHandler } from '@second-gear/features/platform/commands/command-handler.ts';

/** The actor of operators' and seeding commands; never built from a request. */
export const systemActor: Actor = {
  uid: 'system',
  email: 'system@second-gear.local',
  role: 'System',
};

/** The uid that holds an email now, from its reservation stream; undefined when it is free. */
export const userIdByEmail = async (
  store: EventStore,
  email: string,
): Promise<string | undefined> => {
  const events = (await store.readStream(streams.email(email)))
    .filter((event) => isEventType(event.type))
    .map((event) => parseDomainEvent(event));
  const reservation = foldStream('email', events);
  return reservation.status === 'claimed' ? reservation.userId : undefined;
};

/**
 * Makes a registered user an Admin as the System actor: how the first admin of an installation
 * comes to be, since only an admin may promote through the API. Returns the position of the
 * event, or undefined when they already were an admin.
 */
export const promoteToAdminAsSystem = async (
  store: EventStore,
  userId: string,
): Promise<bigint | undefined> => {
  const answer = await new CommandHandler({ store, decider: commandDecider })
    .execute(
      { correlationId: randomUUID(), commandId: randomUUID() },
      {
        command: { type: 'PromoteToAdmin', data: { userId }, actor: systemActor },
        answer: () => ({ status: 200, body: {} }),
      },
    )
    .catch((error: unknown) => {
      if ((error as { rule?: string }).rule === 'already-admin') return undefined;
      throw error;
    });
  return answer?.position;
};
