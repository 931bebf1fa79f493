import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { answerExcerpt, sendWebhook, webhookSigningSecret } from '../src/index.ts';

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
      targets: { policy: 'loopback' },
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

  it('counts a redirect and an error as failures, keeping no answer from this machine', async () => {
    const moved = await receiver((response) =>
      response.writeHead(301, { location: 'http://127.0.0.1:1/' }).end(),
    );
    const redirected = await sendWebhook(message(`http://127.0.0.1:${moved.port}/`), {
      targets: { policy: 'loopback' },
    });
    expect(redirected).toMatchObject({ ok: false, statusCode: 301 });
    expect(moved.seen).toHaveLength(1);

    const failing = await receiver((response) => response.writeHead(500).end('x'.repeat(100_000)));
    const failed = await sendWebhook(message(`http://127.0.0.1:${failing.port}/`), {
      targets: { policy: 'loopback' },
    });
    // Its status and timing, not its body: the key holder who registered it reads the log.
    expect(failed).toMatchObject({ ok: false, statusCode: 500, response: '' });
    expect(failed.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('keeps the first KiB of a public answer, and nothing of one from inside', () => {
    const body = Buffer.from('x'.repeat(100_000));
    expect(answerExcerpt(body, '93.184.216.34')).toHaveLength(1024);
    expect(answerExcerpt(body, '2606:4700:4700::1111')).toHaveLength(1024);
    for (const inside of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.0.0.7',
      'fd00::1',
      undefined,
    ]) {
      expect(answerExcerpt(body, inside), String(inside)).toBe('');
    }
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const { port } = await receiver(() => {});
    const result = await sendWebhook(message(`http://127.0.0.1:${port}/`), {
      targets: { policy: 'loopback' },
      timeoutMs: 300,
    });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/no answer within/);
  });

  it('refuses a loopback target unless allowed, and a name that resolves to a private address when connecting', async () => {
    const { seen, port } = await receiver((response) => response.writeHead(200).end());
    const loopback = await sendWebhook(message(`http://127.0.0.1:${port}/`), {
      targets: { policy: 'public' },
    });
    expect(loopback).toMatchObject({ ok: false });
    expect(loopback.error).toMatch(/loopback/);
    const ipv6 = await sendWebhook(message(`http://[::1]:${port}/`), {
      targets: { policy: 'public' },
    });
    expect(ipv6.error).toMatch(/loopback/);
    // The name was public when it was registered; now it points inside.
    const rebound = await sendWebhook(message(`http://hooks.example.com:${port}/`), {
      targets: { policy: 'public' },
      resolve: async () => ['10.0.0.7'],
    });
    expect(rebound.ok).toBe(false);
    expect(rebound.error).toMatch(/10\.0\.0\.7 is a private address/);
    const local = await sendWebhook(message(`http://localhost:${port}/`), {
      targets: { policy: 'public' },
    });
    expect(local.error).toMatch(/loopback/);
    expect(seen).toHaveLength(0);
  });

  it('never reaches the marketplace’s own ports, however the address is written', async () => {
    const { seen, port } = await receiver((response) => response.writeHead(200).end('secret'));
    const targets = { policy: 'loopback', ownPorts: [port] } as const;
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      'localhost',
    ]) {
      const result = await sendWebhook(message(`http://${host}:${port}/`), { targets });
      expect(result.ok, host).toBe(false);
      expect(result.error, host).toMatch(/marketplace's own/);
    }
    expect(seen).toHaveLength(0);
  });
});
