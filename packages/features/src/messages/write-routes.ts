import type { ServiceApp } from '@second-gear/service-http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf, CommandHeaders, type RunCommand } from '../platform/commands/command-route.ts';
import { idCommandRoute } from '../platform/commands/id-command-route.ts';
import { answerSchemas, authenticated, writeRoute } from '../platform/commands/route-options.ts';
import { slidingWindow } from '../platform/commands/sliding-window.ts';
import type { Decision } from '../platform/decision.ts';
import { messageWriteCalls, SENDING_LIMITS } from './contract.ts';

/** The budgets of one command service: a sender's messages, and the conversations they open. */
const sendingLimits = () => ({
  messages: slidingWindow(SENDING_LIMITS.messages, 'send a message'),
  conversations: slidingWindow(SENDING_LIMITS.conversations, 'open a conversation'),
});
type SendingLimits = ReturnType<typeof sendingLimits>;

/**
 * Counts a message the decision accepted against its sender's budgets (a message that opens a
 * conversation against both), before it is appended: beyond either, 429 and nothing appended.
 */
const countAgainst =
  (limits: SendingLimits | undefined, request: FastifyRequest, reply: FastifyReply) =>
  async (decision: Decision): Promise<void> => {
    if (!limits) return;
    const sender = actorOf(request).uid;
    const opens = decision.appends.some((append) =>
      append.events.some((event) => event.type === 'ConversationStarted'),
    );
    if (opens) limits.conversations.take(sender, reply);
    limits.messages.take(sender, reply);
  };

/** `POST /api/conversations`: a buyer writes to a car's seller. */
function startConversationRoute(
  app: ServiceApp,
  run: RunCommand,
  limits: SendingLimits | undefined,
) {
  const call = messageWriteCalls.startConversation;
  const { schema, ...target } = writeRoute(messageWriteCalls, 'startConversation');
  app.route({
    ...target,
    onRequest: authenticated(app),
    schema: {
      ...schema,
      headers: CommandHeaders,
      body: call.body,
      response: answerSchemas(call.answer, [201]),
    },
    handler: async (request, reply) => {
      const { carId, text } = request.body;
      return run(request, reply, {
        command: { type: 'StartConversation', actor: actorOf(request), data: { carId, text } },
        check: countAgainst(limits, request, reply),
        answer: (decision) => ({
          status: 201,
          body: { acknowledged: true as const, insertedId: sentIn(decision).conversationId },
        }),
      });
    },
  });
}

/** The message a decision wrote, with its conversation: every accepted message decision writes one. */
const sentIn = (decision: Decision): { conversationId: string; messageId: string } => {
  for (const append of decision.appends) {
    for (const event of append.events) {
      if (event.type === 'MessageSent') return event.data;
    }
  }
  throw new Error('A message was accepted but none was written');
};

/** `POST /api/conversations/:id/messages`: a party writes in their conversation. */
function sendMessageRoute(app: ServiceApp, run: RunCommand, limits: SendingLimits | undefined) {
  const call = messageWriteCalls.sendMessage;
  const { schema, ...target } = writeRoute(messageWriteCalls, 'sendMessage');
  app.route({
    ...target,
    onRequest: authenticated(app),
    schema: {
      ...schema,
      headers: CommandHeaders,
      params: call.params,
      body: call.body,
      response: answerSchemas(call.answer, [201]),
    },
    handler: async (request, reply) => {
      return run(request, reply, {
        command: {
          type: 'SendMessage',
          actor: actorOf(request),
          data: { conversationId: request.params.id, text: request.body.text },
        },
        check: countAgainst(limits, request, reply),
        answer: (decision) => ({
          status: 201,
          body: { acknowledged: true as const, insertedId: sentIn(decision).messageId },
        }),
      });
    },
  });
}

/**
 * Conversations between a buyer and a seller: opening one and writing in it (within the
 * sender's budgets, counted per command service, unless `limited` is false), reading, and
 * blocking the other party.
 */
export function messageWriteRoutes(
  app: ServiceApp,
  { run, limited = true }: { run: RunCommand; limited?: boolean },
): void {
  const limits = limited ? sendingLimits() : undefined;
  startConversationRoute(app, run, limits);
  sendMessageRoute(app, run, limits);
  idCommandRoute(app, run, messageWriteCalls, 'readConversation', {
    command: (conversationId, actor, { upTo }) => ({
      type: 'ReadConversation',
      actor,
      data: { conversationId, upTo },
    }),
    count: 'modifiedCount',
  });
  idCommandRoute(app, run, messageWriteCalls, 'blockParty', {
    command: (conversationId, actor) => ({ type: 'BlockParty', actor, data: { conversationId } }),
    count: 'modifiedCount',
  });
  idCommandRoute(app, run, messageWriteCalls, 'unblockParty', {
    command: (conversationId, actor) => ({
      type: 'UnblockParty',
      actor,
      data: { conversationId },
    }),
    count: 'modifiedCount',
  });
}
