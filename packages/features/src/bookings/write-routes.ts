import { randomUUID } from 'node:crypto';
import type { ServiceApp } from '@second-gear/service-http';
import { actorOf, CommandHeaders, type RunCommand } from '../platform/commands/command-route.ts';
import { idCommandRoute } from '../platform/commands/id-command-route.ts';
import { answerSchemas, authenticated, writeRoute } from '../platform/commands/route-options.ts';
import { bookingWriteCalls } from './contract.ts';

/** `POST /api/booking`: a buyer asks to meet the seller of a car, maybe at a proposed time. */
function bookCarRoute(app: ServiceApp, run: RunCommand) {
  const book = bookingWriteCalls.bookCar;
  const { schema, ...target } = writeRoute(bookingWriteCalls, 'bookCar');
  app.route({
    ...target,
    onRequest: authenticated(app),
    schema: {
      ...schema,
      headers: CommandHeaders,
      body: book.body,
      response: answerSchemas(book.answer, [201]),
    },
    handler: async (request, reply) => {
      const bookingId = randomUUID();
      // `product_id` and `buyer_phone` are the public API's field names.
      const {
        product_id: carId,
        buyer_phone: buyerPhone,
        meetup,
        proposed_time: proposedTime,
      } = request.body;
      return run(request, reply, {
        command: {
          type: 'BookCar',
          actor: actorOf(request),
          data: { carId, bookingId, buyerPhone, meetup, proposedTime: proposedTime ?? null },
        },
        answer: () => ({
          status: 201,
          body: { acknowledged: true as const, insertedId: bookingId },
        }),
      });
    },
  });
}

/** The bookings' write routes: a request, and its seller's or buyer's answer to it. */
export function bookingWriteRoutes(app: ServiceApp, { run }: { run: RunCommand }): void {
  bookCarRoute(app, run);
  for (const [call, type] of [
    ['acceptBooking', 'AcceptBooking'],
    ['declineBooking', 'DeclineBooking'],
    ['cancelBooking', 'CancelBooking'],
  ] as const) {
    idCommandRoute(app, run, bookingWriteCalls, call, {
      command: (bookingId, actor) => ({ type, actor, data: { bookingId } }),
      count: 'modifiedCount',
    });
  }
}
