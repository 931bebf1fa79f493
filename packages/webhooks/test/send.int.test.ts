import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { sendWebhook, webhookSigningSecret } from '../src/index.ts';

const secret = webhookSigningSecret('s'.repeat(40), 'w1', 'nonce');
let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.map((server) => new Promise((done) => server.close(done).closeAllConnections())),
  );
  servers = [];
});

type Seen = { headers: IncomingMessage['headers']; body: string };

const receiver = async (answer: (response: ServerResponse) => void) => {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      answer(response);
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { seen, port: (server.address() as AddressInfo).port };
};

const message = (url: string) => ({ url, messageId: 'msg_1', body: '{"type":"CarSold"}', secret });

describe('sending one delivery', () => {
  it('signs it so that the receiver verifies it with the standardwebhooks package', async () => {
    const { seen, port } = await receiver((response) => response.writeHead(204).end());
    const result = await sendWebhook(message(`http://127.0.0.1:${port}/hook`), {
      targets: 'loopback',
    });
    expect(result).toMatchObject({ ok: true, statusCode: 204, response: '' });
    const [delivery] = seen;
    expect(delivery?.headers['webhook-id']).toBe('msg_1');
    expect(delivery?.headers['content-type']).toBe('application/json');
    expect(
      new Webhook(secret).verify(delivery?.body ?? '', delivery?.headers as Record<string, string>),
    ).toEqual({ type: 'CarSold' });
    expect(() =>
      new Webhook(webhookSigningSecret('s'.repeat(40), 'w2', 'nonce')).verify(
        delivery?.body ?? '',
        delivery?.headers as Record<string, string>,
      ),
    ).toThrow();
  });

  it('counts a redirect and an error as failures, and keeps at most 1 KiB of the answer', async () => {
    const moved = await receiver((response) =>
      response.writeHead(301, { location: 'http://127.0.0.1:1/' }).end(),
    );
    const redirected = await sendWebhook(message(`http://127.0.0.1:${moved.port}/`), {
      targets: 'loopback',
    });
    expect(redirected).toMatchObject({ ok: false, statusCode: 301 });
    expect(moved.seen).toHaveLength(1);

    const failing = await receiver((response) => response.writeHead(500).end('x'.repeat(100_000)));
    const failed = await sendWebhook(message(`http://127.0.0.1:${failing.port}/`), {
      targets: 'loopback',
    });
    expect(failed).toMatchObject({ ok: false, statusCode: 500 });
    expect(failed.response).toHaveLength(1024);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const { port } = await receiver(() => {});
    const result = await sendWebhook(message(`http://127.0.0.1:${port}/`), {
      targets: 'loopback',
      timeoutMs: 300,
    });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/no answer within/);
  });

  it('refuses a loopback target unless allowed, and a name that resolves to a private address when connecting', async () => {
    const { seen, port } = await receiver((response) => response.writeHead(200).end());
    const loopback = await sendWebhook(message(`http://127.0.0.1:${port}/`), { targets: 'public' });
    expect(loopback).toMatchObject({ ok: false });
    expect(loopback.error).toMatch(/loopback/);
    const ipv6 = await sendWebhook(message(`http://[::1]:${port}/`), { targets: 'public' });
    expect(ipv6.error).toMatch(/loopback/);
    // The name was public when it was registered; now it points inside.
    const rebound = await sendWebhook(message(`http://hooks.example.com:${port}/`), {
      targets: 'public',
      resolve: async () => ['10.0.0.7'],
    });
    expect(rebound.ok).toBe(false);
    expect(rebound.error).toMatch(/10\.0\.0\.7 is a private address/);
    const local = await sendWebhook(message(`http://localhost:${port}/`), { targets: 'public' });
    expect(local.error).toMatch(/loopback/);
    expect(seen).toHaveLength(0);
  });
});
