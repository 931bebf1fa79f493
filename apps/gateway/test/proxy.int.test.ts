import { createHash } from 'node:crypto';
import { once } from 'node:events';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProxy } from '../src/proxy.ts';

const listen = async (server: Server): Promise<URL> => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
};

const close = (server: Server) =>
  new Promise<void>((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });

/** A gateway in front of one upstream, as apps/gateway/src/main.ts puts it together. */
const gatewayTo = async (upstream: URL, timeoutMs?: number, trustedProxies?: string[]) => {
  const proxy = await buildProxy({
    upstream,
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(trustedProxies ? { trustedProxies } : {}),
  });
  await proxy.ready();
  const server = createServer((req, res) => proxy.routing(req, res));
  return {
    server,
    url: await listen(server),
    close: async () => {
      await close(server);
      await proxy.close();
    },
  };
};

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  bodySha256: string;
  bodyBytes: number;
}

describe('the gateway proxy', () => {
  const seen: Seen[] = [];
  /** Resolves when the upstream has received the first bytes of an upload. */
  let firstUploadBytes: (() => void) | undefined;
  /** The open server-sent-events answer, and whether its request was closed. */
  let feed: { res: ServerResponse; closed: Promise<unknown> } | undefined;
  let feedOpened: (() => void) | undefined;

  const upstream = createServer(async (req, res) => {
    if (req.url === '/api/feed/cars') {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
      });
      res.write('retry: 3000\n\n');
      res.write('id: 7\nevent: CarAdvertised\ndata: {"carId":"c"}\n\n');
      feed = { res, closed: once(res, 'close') };
      feedOpened?.();
      return;
    }
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of req) {
      if (bytes === 0) firstUploadBytes?.();
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
    seen.push({
      method: req.method,
      url: req.url,
      headers: req.headers,
      bodySha256: hash.digest('hex'),
      bodyBytes: bytes,
    });
    res.writeHead(201, 'Created', {
      'content-type': 'application/json; charset=utf-8',
      'set-cookie': ['a=1', 'b=2'],
      'x-upstream': 'yes',
      'keep-alive': 'timeout=77',
    });
    res.end(JSON.stringify({ ok: true, bytes }));
  });

  let upstreamUrl: URL;
  let gateway: Awaited<ReturnType<typeof gatewayTo>>;

  beforeAll(async () => {
    upstreamUrl = await listen(upstream);
    gateway = await gatewayTo(upstreamUrl);
  });

  afterAll(async () => {
    await gateway.close();
    await close(upstream);
  });

  it('forwards the request and hands back the answer unchanged', async () => {
    const answer = await fetch(new URL('/api/products?page=2&limit=5', gateway.url), {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer t',
        'x-forwarded-for': '203.0.113.9',
        'x-min-position': '42',
      },
      body: JSON.stringify({ price: 10 }),
    });
    expect(answer.status).toBe(201);
    expect(answer.statusText).toBe('Created');
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('x-upstream')).toBe('yes');
    expect(answer.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(answer.headers.get('keep-alive')).not.toBe('timeout=77');
    expect(await answer.json()).toEqual({ ok: true, bytes: 12 });

    const request = seen.at(-1)!;
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('/api/products?page=2&limit=5');
    expect(request.headers).toMatchObject({
      // The service is asked by its own name; the client's is passed on as X-Forwarded-Host.
      host: upstreamUrl.host,
      authorization: 'Bearer t',
      'content-type': 'application/json',
      'x-min-position': '42',
      // The client's claim to be 203.0.113.9 is dropped: it is the connection it came on.
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-host': gateway.url.host,
      'x-forwarded-proto': 'http',
    });
  });

  it('names the client in X-Forwarded-For when no proxy came before', async () => {
    await fetch(new URL('/api/categories', gateway.url));
    expect(seen.at(-1)?.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.at(-1)?.method).toBe('GET');
  });

  it('believes X-Forwarded-For only from a load balancer it is told to trust', async () => {
    const behind = await gatewayTo(upstreamUrl, undefined, ['loopback']);
    try {
      await fetch(new URL('/api/categories', behind.url), {
        headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
      });
      expect(seen.at(-1)?.headers).toMatchObject({
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-proto': 'https',
      });
    } finally {
      await behind.close();
    }
  });

  it('streams an upload through as it arrives', async () => {
    const size = 12 * 1024 * 1024;
    const body = Buffer.alloc(size, 7);
    const arrived = new Promise<void>((done) => {
      firstUploadBytes = done;
    });
    const chunk = 256 * 1024;
    let offset = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        // Half of the body waits until the upstream has seen the first bytes: a gateway that
        // buffered the whole request first would never get there.
        if (offset === size / 2) await arrived;
        if (offset >= size) {
          controller.close();
          return;
        }
        controller.enqueue(body.subarray(offset, offset + chunk));
        offset += chunk;
      },
    });
    const answer = await fetch(new URL('/api/images', gateway.url), {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    firstUploadBytes = undefined;
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ ok: true, bytes: size });
    const request = seen.at(-1)!;
    expect(request.bodyBytes).toBe(size);
    expect(request.bodySha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(request.headers['content-type']).toBe('multipart/form-data; boundary=x');
  });

  it('passes server-sent events through unbuffered and hangs up upstream when the client leaves', async () => {
    const opened = new Promise<void>((done) => {
      feedOpened = done;
    });
    const controller = new AbortController();
    const answer = await fetch(new URL('/api/feed/cars', gateway.url), {
      signal: controller.signal,
    });
    await opened;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-cache, no-transform');
    const reader = answer.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    // The upstream has not ended its answer: what arrives was passed on as it was written.
    while (!text.includes('data: {"carId":"c"}\n\n')) text += (await reader.read()).value ?? '';
    expect(text).toBe('retry: 3000\n\nid: 7\nevent: CarAdvertised\ndata: {"carId":"c"}\n\n');

    feed!.res.write(': keep-alive\n\n');
    text = '';
    while (!text.includes('\n\n')) text += (await reader.read()).value ?? '';
    expect(text).toBe(': keep-alive\n\n');

    controller.abort();
    await feed!.closed;
  });

  it('answers 502 problem+json when the upstream does not answer', async () => {
    const gone = createServer();
    const goneUrl = await listen(gone);
    await close(gone);
    const down = await gatewayTo(goneUrl);
    try {
      const answer = await fetch(new URL('/api/products', down.url));
      expect(answer.status).toBe(502);
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await answer.json()).toEqual({
        type: 'about:blank',
        title: 'Bad Gateway',
        status: 502,
        detail: `The ${goneUrl.host} service did not answer: connect ECONNREFUSED ${goneUrl.host}`,
      });
    } finally {
      await down.close();
    }
  });

  it('answers 502 problem+json when the upstream stays silent too long', async () => {
    const silent = createServer(() => {});
    const silentUrl = await listen(silent);
    const slow = await gatewayTo(silentUrl, 200);
    try {
      const answer = await fetch(new URL('/api/products', slow.url));
      expect(answer.status).toBe(502);
      expect(await answer.json()).toMatchObject({
        detail: `The ${silentUrl.host} service did not answer: upstream timed out`,
      });
    } finally {
      await slow.close();
      await close(silent);
    }
  });

  it('answers a URL the router cannot read in the problem format of the services', async () => {
    const answer = await fetch(new URL('/api/products/%E0', gateway.url));
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect(await answer.json()).toMatchObject({ status: 400, instance: '/api/products/%E0' });
  });
});

describe('a body the upstream refuses before reading it', () => {
  it('is read to its end and dropped, so the client still sending it gets the answer', async () => {
    // An upstream that refuses at once, as a service does a body over its limit.
    const refusing = createServer((req, res) => {
      req.resume();
      res.writeHead(413, { 'content-type': 'application/problem+json' });
      res.end(JSON.stringify({ status: 413 }));
    });
    const gateway = await gatewayTo(await listen(refusing));
    try {
      const size = 8 * 1024 * 1024;
      const chunk = Buffer.alloc(256 * 1024, 1);
      const request = httpRequest(new URL('/api/saved-searches', gateway.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(size) },
      });
      // Each step below fails at once with the request's error (a reset, a broken pipe).
      const failed = once(request, 'error').then(([error]) => Promise.reject(error as Error));
      const orFailed = <T>(step: Promise<T>) => Promise.race([step, failed]);
      const answered = once(request, 'response').then(([response]) => response as IncomingMessage);
      // The first quarter, then the rest once the refusal has come back through the gateway.
      for (let sent = 0; sent < size / 4; sent += chunk.length) request.write(chunk);
      const response = await orFailed(answered);
      expect(response.statusCode).toBe(413);
      for (let sent = size / 4; sent < size; sent += chunk.length) request.write(chunk);
      request.end();
      const body = await orFailed(
        (async () => {
          let text = '';
          for await (const part of response) text += part;
          return text;
        })(),
      );
      expect(JSON.parse(body)).toEqual({ status: 413 });
      // The whole body went out: no reset cut the upload short.
      await orFailed(once(request, 'finish'));
    } finally {
      await gateway.close();
      await close(refusing);
    }
  });
});

describe('a client that hangs up in the middle of its body', () => {
  it('breaks the upstream request off too, rather than leaving it waiting for the rest', async () => {
    let upstreamBroken: () => void = () => {};
    const broken = new Promise<void>((resolve) => {
      upstreamBroken = resolve;
    });
    const waiting = createServer((req) => {
      req.resume();
      req.once('close', () => {
        if (!req.complete) upstreamBroken();
      });
    });
    const gateway = await gatewayTo(await listen(waiting));
    const reached = once(waiting, 'request');
    try {
      const request = httpRequest(new URL('/api/images', gateway.url), {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-length': '1048576' },
      });
      request.on('error', () => {});
      request.write(Buffer.alloc(64 * 1024, 1));
      // Once the upstream has begun to receive it, the client goes.
      await reached;
      request.destroy();
      await broken;
    } finally {
      await gateway.close();
      await close(waiting);
    }
  });
});
