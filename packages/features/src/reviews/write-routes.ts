import type { ServiceApp } from '@second-gear/service-http';
import { actorOf, CommandHeaders, type RunCommand } from '../platform/commands/command-route.ts';
import { idCommandRoute } from '../platform/commands/id-command-route.ts';
import { answerSchemas, authenticated, writeRoute } from '../platform/commands/route-options.ts';
import { reviewWriteCalls } from './contract.ts';

/**
 * `POST /api/reviews`: the buyer reviews the seller of a booking. The service's clock says when
 * they ask: the meetup must be behind them.
 */
function postReviewRoute(app: ServiceApp, run: RunCommand, now: () => Date) {
  const call = reviewWriteCalls.postReview;
  const { schema, ...target } = writeRoute(reviewWriteCalls, 'postReview');
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
      const { bookingId, rating, text } = request.body;
      return run(request, reply, {
        command: {
          type: 'PostReview',
          actor: actorOf(request),
          data: { bookingId, rating, text: text ?? null, at: now().toISOString() },
        },
        answer: () => ({
          status: 201,
          body: { acknowledged: true as const, insertedId: bookingId },
        }),
      });
    },
  });
}

/** Reviews of sellers and their answers. */
export function reviewWriteRoutes(
  app: ServiceApp,
  { run, now = () => new Date() }: { run: RunCommand; now?: () => Date },
): void {
  postReviewRoute(app, run, now);
  idCommandRoute(app, run, reviewWriteCalls, 'answerReview', {
    command: (reviewId, actor, body) => ({
      type: 'AnswerReview',
      actor,
      data: { reviewId, text: body.text },
    }),
    count: 'modifiedCount',
  });
}
