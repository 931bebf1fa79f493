// The outbox reactor and the dispatcher on each database: car events after an endpoint's
// registration (and only those, of its types) reach a real receiver on 127.0.0.1, signed, in
// log order; a paused endpoint's messages wait for its resumption; the metrics count them.

import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { streams } from '@second-gear/features';
import { createMetricsRegistry } from '@second-gear/service-http';
import { webhookSigningSecret } from '@second-gear/webhooks';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningReactors, startReactors } from '../src/reactions/reactor.ts';
import { type RunningWebhooks, startWebhooks } from '../src/webhooks/index.ts';
import { backends, eventually, type Setup } from './backends.ts';
import { appendScenario, eventData } from './testing.ts';

const list = await backends('webhooks', 'one');
const SERVER_SECRET = 'server-secret-of-the-webhook-tests-0123456789';
const admin = { uid: 'admin-w', email: 'admin-w@example.com', role: 'Admin' as const };

describe.each(list)('webhook delivery on $name', ({ open }) => {
  let setup: Setup;
  let server: Server;
  let webhooks: RunningWebhooks | undefined;
  let reactors: RunningReactors | undefined;
  const received: { id: string; type: string; position: string }[] = [];
  let secret = '';

  beforeEach(async () => {
    setup = await open();
    received.length = 0;
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const payload = new Webhook(secret).verify(
          Buffer.concat(chunks).toString(),
          request.headers as Record<string, string>,
        ) as { type: string; position: string };
        received.push({ id: String(request.headers['webhook-id']), ...payload });
        response.writeHead(200).end('thanks');
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  });
  afterEach(async () => {
    await reactors?.stop();
    await webhooks?.stop();
    reactors = undefined;
    webhooks = undefined;
    await new Promise((done) => server.close(done));
    await setup.close();
  });

  it('delivers the car events of its types after its registration, in order, and holds them while paused', async () => {
    await appendScenario(setup.store);
    const endpointId = randomUUID();
    const nonce = randomUUID();
    secret = webhookSigningSecret(SERVER_SECRET, endpointId, nonce);
    const { position: registeredAt } = await setup.store.append(
      streams.webhook(endpointId),
      'no_stream',
      [
        eventData(
          'WebhookEndpointRegistered',
          {
            endpointId,
            url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`,
            types: ['CarListed', 'CarDeleted'],
            description: '',
            secretNonce: nonce,
          },
          admin,
        ),
      ],
    );
    const metrics = createMetricsRegistry('projection-service');
    webhooks = await startWebhooks({
      store: setup.store,
      db: setup.db,
      serverSecret: SERVER_SECRET,
      targets: { policy: 'loopback' },
      retryDelaysMs: [50, 50],
      metrics,
    });
    reactors = await startReactors({
      store: setup.store,
      db: setup.db,
      reactors: [webhooks.reactor],
      firstDelayMs: 20,
    });

    await appendScenario(setup.store);
    const expected = (await setup.store.readAll({ after: registeredAt, limit: 10_000 }))
      .filter((event) => event.type === 'CarListed' || event.type === 'CarDeleted')
      .map((event) => ({
        id: `msg_${event.id}`,
        type: event.type,
        position: String(event.position),
      }));
    expect(expected.length).toBeGreaterThan(3);
    await eventually(() => received.length >= expected.length);
    expect(received.map(({ id, type, position }) => ({ id, type, position }))).toEqual(expected);

    // Paused: the next messages wait; resumed: they come, in order.
    await setup.store.append(streams.webhook(endpointId), 'any', [
      eventData('WebhookEndpointPaused', { endpointId }, admin),
    ]);
    const more = await appendScenario(setup.store);
    await new Promise((done) => setTimeout(done, 300));
    expect(received).toHaveLength(expected.length);
    await setup.store.append(streams.webhook(endpointId), 'any', [
      eventData('WebhookEndpointResumed', { endpointId }, admin),
    ]);
    // Every scenario lists and deletes as many cars.
    await eventually(() => received.length >= expected.length * 2);
    expect(BigInt(received.at(-1)?.position ?? 0)).toBeLessThanOrEqual(more.position);
    const positions = received.map((d) => BigInt(d.position));
    expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(received).toHaveLength(expected.length * 2);

    // The receiver records a message before it answers, so the last count may come a moment later.
    const delivered = new RegExp(
      `second_gear_webhook_deliveries_total\\{outcome="delivered"[^}]*\\} ${expected.length * 2}\n`,
    );
    await eventually(async () => delivered.test(await metrics.metrics()));
    expect(await metrics.metrics()).toMatch(/second_gear_webhook_endpoints_failing\{[^}]*\} 0/);
  }, 60_000);
});
