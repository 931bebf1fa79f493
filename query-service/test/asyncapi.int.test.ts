// The AsyncAPI document of the car feed and the webhooks: valid for AsyncAPI's own parser, its
// examples true to the feed's schema, and every message the feed really sends true to it.
import { Parser } from '@asyncapi/parser';
import { ASYNCAPI_PATH, carFeedExamples } from '@second-gear/features';
import { CarFeedEvent, carFeedEventTypes } from '@second-gear/features/contract';
import { appendListingLife, appendScenario } from '@second-gear/projection-service/testing';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Harness, parseSse } from './support.ts';

const { list, dropAll } = await backends('query-service asyncapi');
afterAll(dropAll);
const [backend] = list;

type Document = {
  servers: Record<string, { host: string; protocol: string }>;
  channels: Record<string, { messages: Record<string, unknown> }>;
  components: { schemas: Record<string, object> };
};

describe('the AsyncAPI document of the car events', () => {
  let h: Harness;
  let document: Document;
  let feed: { id?: string; event?: string; data?: string }[];

  beforeAll(async () => {
    if (!backend) throw new Error('No engine to run on');
    h = await backend.open('127.0.0.1:1', 'asyncapi-test', {
      publicUrl: 'https://cars.example.com',
    });
    const ids = await appendScenario(h.store);
    // Edits, pictures, bookings answered, cancelled and ended, a sale.
    await appendListingLife(h.store, ids);
    const answer = await h.app.inject({
      method: 'GET',
      url: ASYNCAPI_PATH,
      // Not the server it names: a client chooses its Host.
      headers: { host: 'localhost:3000' },
    });
    expect(answer.statusCode).toBe(200);
    document = answer.json();
    const stream = await h.app.inject({
      method: 'GET',
      url: '/api/feed/cars?follow=false',
    });
    feed = parseSse(stream.body).filter((message) => message.data !== undefined);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("passes AsyncAPI's parser without an error or a warning", async () => {
    const { document: parsed, diagnostics } = await new Parser().parse(JSON.stringify(document));
    const said = diagnostics.map(
      (d) =>
        `${d.severity === 0 ? 'error' : 'warning'} ${d.code}: ${d.message} (${d.path.join('.')})`,
    );
    expect(said.filter((line) => line.startsWith('error') || line.startsWith('warning'))).toEqual(
      [],
    );
    expect(parsed?.version()).toBe('3.1.0');
    expect(
      parsed
        ?.channels()
        .all()
        .map((channel) => channel.id()),
    ).toEqual(['carFeed', 'webhook']);
    // Every car event type is a message of both channels; the feed ends with `closed` when its
    // key is revoked.
    for (const channel of parsed?.channels().all() ?? []) {
      expect(
        channel
          .messages()
          .all()
          .map((message) => message.name()),
      ).toEqual(
        channel.id() === 'carFeed' ? [...carFeedEventTypes, 'closed'] : [...carFeedEventTypes],
      );
    }
  });

  it('names the marketplace at its public address', () => {
    expect(document.servers.marketplace).toMatchObject({
      host: 'cars.example.com',
      protocol: 'https',
    });
  });

  it("holds an example of every message that the feed's own schema accepts", () => {
    for (const type of carFeedEventTypes) {
      expect(CarFeedEvent.parse(carFeedExamples[type]).type).toBe(type);
    }
  });

  it('describes every message the feed sends', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validators = new Map(
      Object.entries(document.components.schemas).map(([type, schema]) => [
        type,
        ajv.compile(schema),
      ]),
    );
    const seen = new Set<string>();
    for (const message of feed) {
      const payload = JSON.parse(message.data ?? '{}') as { type: string };
      expect(payload.type).toBe(message.event);
      const validate = validators.get(payload.type);
      expect(validate, `a schema for ${payload.type}`).toBeDefined();
      expect(validate?.(payload), JSON.stringify(validate?.errors)).toBe(true);
      seen.add(payload.type);
    }
    // The scenario's cars go through most of a car's life.
    // The scenario takes cars through every kind of event the feed has.
    expect([...seen].sort()).toEqual([...carFeedEventTypes].sort());
  });

  it('refuses, by its schemas, a message that is not what the feed sends', () => {
    const ajv = new Ajv({ strict: false });
    const validate = ajv.compile(document.components.schemas.CarPriceChanged ?? {});
    expect(validate({ ...carFeedExamples.CarPriceChanged })).toBe(true);
    expect(validate({ ...carFeedExamples.CarPriceChanged, price: '8500' })).toBe(false);
    const { carId: _missing, ...withoutCar } = carFeedExamples.CarPriceChanged;
    expect(validate(withoutCar)).toBe(false);
  });
});
