import { type EventStore, StreamDeletedError } from '@second-gear/event-store';
import type { Command } from '@second-gear/features';
import { commandDecider } from '@second-gear/features';
import { CommandHandler } from '@second-gear/features/platform/commands/command-handler.ts';
import { answeringDomainErrors } from '@second-gear/features/platform/commands/domain-errors.ts';
import { HttpProblem } from '@second-gear/service-http';
import { describe, expect, test } from 'vitest';

// Given a stream deleted for good (a tombstone on KurrentDB), when a command reads or writes it,
// then the answer is a 410 problem naming the rule, at once, not a 500 or a retried conflict.

const register: Command = {
  type: 'RegisterUser',
  actor: { uid: 'u-1', email: 'ana@example.com', role: 'Buyer' },
  data: { userId: 'u-1', name: 'Ana', email: 'ana@example.com', role: 'Buyer', photoURL: null },
};

/** A store where `user-u-1` was deleted for good, as the KurrentDB adapter reports it. */
function storeWithDeletedUser(on: 'read' | 'append') {
  const appends: unknown[] = [];
  const store = {
    async readStream(stream: string) {
      if (on === 'read' && stream === 'user-u-1') throw new StreamDeletedError(stream);
      return [];
    },
    async appendMany(requests: unknown) {
      appends.push(requests);
      throw new StreamDeletedError('user-u-1');
    },
    async headPosition() {
      return undefined;
    },
  } as unknown as EventStore;
  return { store, appends };
}

function run(store: EventStore) {
  const handler = new CommandHandler({ store, decider: commandDecider });
  return answeringDomainErrors(() =>
    handler.execute(
      { correlationId: 'c-1', commandId: 'd-1' },
      { command: register, answer: () => ({ status: 201, body: {} }) },
    ),
  ).catch((e: unknown) => e);
}

describe('a command on a stream deleted for good', () => {
  test.each(['read', 'append'] as const)('answers 410 Gone when the %s meets it', async (on) => {
    const { store, appends } = storeWithDeletedUser(on);
    const answer = await run(store);
    expect(answer).toBeInstanceOf(HttpProblem);
    expect(answer).toMatchObject({
      status: 410,
      title: 'Gone',
      type: 'urn:second-gear:rule:stream-deleted',
    });
    expect((answer as HttpProblem).cause).toBeInstanceOf(StreamDeletedError);
    // Never retried: a deleted stream stays deleted.
    expect(appends).toHaveLength(on === 'read' ? 0 : 1);
  });
});
