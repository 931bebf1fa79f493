// The AsyncAPI 3 document of what integrators receive: the car feed (server-sent events) and
// the webhook deliveries. Each message's payload schema is generated from the zod schema the
// feed itself answers with (`CarFeedEvent`), so the document cannot drift from the wire.

import { z } from 'zod';
import { bookingFeedDescriptions, bookingFeedExamples } from '../bookings/index.ts';
import { CarFeedEvent, carFeedEventTypes } from '../contract/index.ts';

export const ASYNCAPI_PATH = '/api/asyncapi.json';

type CarFeedEventType = (typeof carFeedEventTypes)[number];

/** What each message says, for the document's readers. */
const summaries: Record<CarFeedEventType, string> = {
  CarListed: 'A seller listed a car.',
  CarAdvertised: 'Its seller advertised the car: it is shown among the recommended cars.',
  ...bookingFeedDescriptions,
  CarPriceChanged: 'The seller changed the price.',
  CarDetailsChanged: 'The seller changed details of the listing (only those are sent).',
  CarPhotosChanged: 'The seller changed the pictures (in order, the cover first).',
  CarSold: 'Its seller sold the car: it leaves the lists, and its page says sold.',
  CarDeleted: 'The car was deleted, by its seller or an admin, or with its seller.',
};

const base = (type: CarFeedEventType, position: number) => ({
  type,
  position: String(position),
  occurredAt: '2026-03-01T09:00:00.000Z',
  carId: '6f1c2a52-0d7e-4f5b-9a57-3c1f2b8e4d10',
});

/** One realistic message of each type (a test checks each against the schema). */
export const carFeedExamples: Record<CarFeedEventType, CarFeedEvent> = {
  CarListed: {
    ...base('CarListed', 4711),
    type: 'CarListed',
    car: {
      name: 'Volvo V70 2012',
      sellerId: 'Xq3v9sLr2bT1',
      sellerName: 'Sol Seller',
      categoryId: '0d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
      category: 'Wagon',
      image: '/images/3f9a2b1c4d5e6f70.webp',
      originalPrice: 31000,
      price: 9000,
      location: 'Lund',
      yearsOfUse: 12,
      make: 'Volvo',
      model: 'V70',
      year: 2012,
      mileage: 184000,
      fuel: 'diesel',
      transmission: 'manual',
      description: 'One owner, full service history.',
    },
  },
  CarAdvertised: { ...base('CarAdvertised', 4712), type: 'CarAdvertised' },
  ...bookingFeedExamples(base),
  CarPriceChanged: {
    ...base('CarPriceChanged', 4724),
    type: 'CarPriceChanged',
    oldPrice: 9000,
    price: 8500,
  },
  CarDetailsChanged: {
    ...base('CarDetailsChanged', 4725),
    type: 'CarDetailsChanged',
    changes: { mileage: 185200, description: null },
  },
  CarPhotosChanged: {
    ...base('CarPhotosChanged', 4726),
    type: 'CarPhotosChanged',
    images: ['/images/3f9a2b1c4d5e6f70.webp', '/images/a1b2c3d4e5f60718.webp'],
  },
  CarSold: { ...base('CarSold', 4730), type: 'CarSold' },
  CarDeleted: { ...base('CarDeleted', 4740), type: 'CarDeleted', reason: 'deleted' },
};

/** A message's payload schema: JSON Schema draft 7, which AsyncAPI's schema format extends. */
const payloadSchema = (type: CarFeedEventType) => {
  const option = CarFeedEvent.options.find((o) => o.shape.type.value === type);
  if (!option) throw new Error(`no feed schema for ${type}`);
  const { $schema: _dialect, ...schema } = z.toJSONSchema(option, { target: 'draft-7' });
  return schema;
};

const webhookHeaders = {
  type: 'object',
  required: ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
  properties: {
    'webhook-id': {
      type: 'string',
      description:
        'The message id: the same for every attempt and every replay of this event to this endpoint. De-duplicate on it.',
    },
    'webhook-timestamp': {
      type: 'string',
      pattern: '^\\d+$',
      description:
        'When this attempt was signed, in seconds since the epoch; refuse one too far from your clock.',
    },
    'webhook-signature': {
      type: 'string',
      description:
        'Space-separated `v1,<base64>` signatures (Standard Webhooks): HMAC-SHA256 with the endpoint secret of `<webhook-id>.<webhook-timestamp>.<body>`.',
    },
  },
} as const;

let made: ReturnType<typeof makeDocument> | undefined;

/** The document, with the marketplace's server at its public address (`https://cars.example.com`). */
export const asyncApiDocument = (publicUrl: string) => {
  made ??= makeDocument();
  const { host, protocol } = new URL(publicUrl);
  return {
    ...made,
    servers: {
      ...made.servers,
      marketplace: {
        ...made.servers.marketplace,
        host,
        protocol: protocol === 'https:' ? ('https' as const) : ('http' as const),
      },
    },
  };
};

const ref = (path: string) => ({ $ref: path });

/** Each event type's message: as the feed sends it, and as a webhook delivers it (`…Webhook`). */
const messagesOf = (): Record<string, unknown> => {
  const messages: Record<string, unknown> = {};
  for (const type of carFeedEventTypes) {
    const common = {
      name: type,
      title: type,
      summary: summaries[type],
      contentType: 'application/json',
      payload: ref(`#/components/schemas/${type}`),
      examples: [{ name: type, payload: carFeedExamples[type] }],
    };
    messages[type] = common;
    messages[`${type}Webhook`] = {
      ...common,
      headers: webhookHeaders,
      examples: [
        {
          name: `${type} delivery`,
          headers: {
            'webhook-id': 'msg_5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
            'webhook-timestamp': '1772355600',
            'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
          },
          payload: carFeedExamples[type],
        },
      ],
    };
  }
  return messages;
};

/** The feed's last message when the key it was opened with is revoked: the stream then ends. */
const streamClosed = {
  name: 'closed',
  title: 'Stream closed',
  summary: 'The API key of this stream was revoked; the stream ends after this message.',
  contentType: 'application/json',
  payload: {
    type: 'object',
    required: ['type', 'reason', 'detail'],
    properties: {
      type: { const: 'closed' },
      reason: { enum: ['api-key-revoked'] },
      detail: { type: 'string' },
    },
  },
  examples: [
    {
      name: 'closed',
      payload: {
        type: 'closed',
        reason: 'api-key-revoked',
        detail: 'The API key of this stream was revoked.',
      },
    },
  ],
};

const makeDocument = () => {
  const feedMessages = {
    ...Object.fromEntries(
      carFeedEventTypes.map((type) => [type, ref(`#/components/messages/${type}`)]),
    ),
    closed: ref('#/components/messages/closed'),
  };
  const webhookMessages = Object.fromEntries(
    carFeedEventTypes.map((type) => [type, ref(`#/components/messages/${type}Webhook`)]),
  );
  const messages = { ...messagesOf(), closed: streamClosed };
  return {
    asyncapi: '3.1.0',
    info: {
      title: 'Second Gear car events',
      version: '0.1.0',
      description:
        'What happens to cars on the marketplace, for integrators: as server-sent events from ' +
        'GET /api/feed/cars, and as signed webhook deliveries to the endpoints an admin ' +
        "registers. Both carry the same public payload (never a buyer's phone or email). New " +
        'fields and new message types may appear: ignore what you do not know.',
      license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
    },
    defaultContentType: 'application/json',
    servers: {
      marketplace: {
        host: 'localhost:3000',
        protocol: 'http' as 'http' | 'https',
        description: 'The marketplace itself: the feed is read from it.',
      },
      receiver: {
        host: '{receiverHost}',
        protocol: 'https',
        description: "An integrator's webhook endpoint, as registered with POST /api/webhooks.",
        variables: { receiverHost: { description: 'The host of the registered URL.' } },
      },
    },
    channels: {
      carFeed: {
        address: '/api/feed/cars',
        title: 'The car feed',
        description:
          "Server-sent events: each message's `id` is its `position`, its `event` the `type`, " +
          'its `data` one line of JSON (the payload). Resume with Last-Event-ID or ?after=.',
        servers: [ref('#/servers/marketplace')],
        messages: feedMessages,
      },
      webhook: {
        address: null,
        title: 'Webhook deliveries',
        description:
          'One POST per event to each endpoint whose types include it, in event order per ' +
          'endpoint, at least once: retried with backoff until a 2xx answer, and replayed on ' +
          'request with the same webhook-id.',
        servers: [ref('#/servers/receiver')],
        messages: webhookMessages,
      },
    },
    operations: {
      sendCarFeedEvent: {
        action: 'send',
        title: 'Stream car events',
        channel: ref('#/channels/carFeed'),
        messages: [...carFeedEventTypes, 'closed'].map((type) =>
          ref(`#/channels/carFeed/messages/${type}`),
        ),
      },
      deliverWebhook: {
        action: 'send',
        title: 'Deliver car events to a webhook endpoint',
        channel: ref('#/channels/webhook'),
        messages: carFeedEventTypes.map((type) => ref(`#/channels/webhook/messages/${type}`)),
      },
    },
    components: {
      schemas: Object.fromEntries(carFeedEventTypes.map((type) => [type, payloadSchema(type)])),
      messages,
    },
  };
};
