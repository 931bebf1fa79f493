import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webBuilt } from '@second-gear/all-in-one';
import { promoteToAdminAsSystem } from '@second-gear/command-service';
import { openMarketplaceStore } from '@second-gear/features';
import { signUpWithPassword } from '@second-gear/identity';
import { askWithHost } from '@second-gear/identity/testing';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalCluster, startLocalCluster } from '../src/local-cluster.ts';

const server = 'postgres://postgres@127.0.0.1:5432';

/** curl with its own defaults (it sends `Expect: 100-continue` before a body over 1 MB). */
/**
 * curl as a user runs it, but waiting for the server's answer to `Expect: 100-continue` however
 * long a busy machine takes: by default curl sends the body after one second without one, and a
 * refusal that arrives meanwhile breaks the pipe.
 */
const curl = (args: string[], url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    execFile(
      'curl',
      ['-sS', '--expect100-timeout', '60', '-o', '-', '-w', '\n%{http_code}', ...args, url],
      { maxBuffer: 1 << 24 },
      (error, stdout) => {
        if (error) return reject(error);
        const cut = stdout.lastIndexOf('\n');
        resolve({ status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) });
      },
    );
  });
const reachable = await new pg.Client({ connectionString: `${server}/postgres` })
  .connect()
  .then(async (client) => {
    await client.end();
    return true;
  })
  .catch(() => false);

describe.skipIf(!reachable)(
  reachable
    ? 'distributed mode: separate processes on PostgreSQL behind the gateway'
    : 'distributed mode (skipped: PostgreSQL at 127.0.0.1:5432 does not answer)',
  () => {
    const database = `cluster_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const databaseUrl = `${server}/${database}`;
    const imageDir = mkdtempSync(join(tmpdir(), 'cluster-images-'));
    const lines: string[] = [];
    let cluster: LocalCluster;
    // Stands in for an OpenTelemetry collector: the services export their spans to it.
    const spans: ExportedSpan[] = [];
    const collector = otlpReceiver(spans);

    beforeAll(async () => {
      await new Promise<void>((done) => collector.listen(0, '127.0.0.1', done));
      const webDist = await webBuilt();
      cluster = await startLocalCluster({
        databaseUrl,
        webDist,
        imageDir,
        logLevel: 'warn',
        onLine: (line) => lines.push(line),
        env: {
          OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          OTEL_BSP_SCHEDULE_DELAY: '100',
        },
      });
    }, 240_000);

    afterAll(async () => {
      await cluster?.stop();
      collector.close();
      rmSync(imageDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: `${server}/postgres` });
      await client.connect();
      await client.query(`drop database if exists "${database}" with (force)`);
      await client.end();
    }, 60_000);

    let position = '0';
    const call = async (method: string, path: string, token: string, body?: unknown) => {
      const response = await fetch(`${cluster.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'x-min-position': position,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const answer = (await response.json()) as Record<string, unknown>;
      if (typeof answer.position === 'string') position = answer.position;
      return { status: response.status, answer, headers: response.headers };
    };

    const signedUp = async (
      name: string,
      type: 'Buyer' | 'Seller',
      email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`,
    ) => {
      const session = await signUpWithPassword(cluster.authEmulatorHost, {
        email,
        displayName: name,
      });
      const registered = await call('POST', '/api/user', session.idToken, { name, email, type });
      expect(registered.status).toBe(201);
      return { ...session, email };
    };

    const serviceToken = async (user: { email: string; idToken: string }) => {
      const { status, answer } = await call(
        'GET',
        `/api/jwt?email=${encodeURIComponent(user.email)}`,
        user.idToken,
      );
      expect(status).toBe(200);
      return String(answer.accessToken);
    };

    it('serves the web app and routes reads and writes to their services', async () => {
      const page = await fetch(`${cluster.url}/products`);
      expect(page.status).toBe(200);
      // Rendered by the gateway, reading the query service: the page's content and its state.
      const html = await page.text();
      expect(html).toMatch(/<div id="root">.*<h1[^>]*>All Cars<\/h1>/s);
      expect(html).toContain('<script type="application/json" id="page-state">');
      // The query service's version stream is the gateway's own: the public gets a page.
      const stream = await fetch(`${cluster.url}/read-model/version`);
      expect(stream.headers.get('content-type')).toContain('text/html');
      await stream.body?.cancel();
      // A car that is not there: the app still answers (its own not-found page), with a 404.
      const missing = await fetch(`${cluster.url}/car/anything`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('<div id="root">');
      const categories = await fetch(`${cluster.url}/api/categories`);
      expect(categories.status).toBe(200);
      expect(await categories.json()).toEqual([]);
      const anonymousWrite = await fetch(`${cluster.url}/api/category`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'SUV' }),
      });
      expect(anonymousWrite.status).toBe(401);
      expect(anonymousWrite.headers.get('content-type')).toContain('application/problem+json');
    });

    const read = async (path: string, token: string) => {
      const { status, answer } = await call('GET', path, token);
      return { status, answer: answer as unknown };
    };
    let booking: { admin: string; seller: string; buyer: string; carId: string } | undefined;

    it('answers no foreign Host on the gateway or on any service', async () => {
      const foreign = 'rebind.attacker.example';
      const { command, query, projections } = cluster.services;
      for (const [base, path] of [
        [cluster.url, '/'],
        [cluster.url, '/api/products'],
        [cluster.url, '/api/category'],
        [command, '/api/category'],
        [query, '/api/products'],
        [query, '/health'],
        [projections, '/health'],
      ] as const) {
        const refused = await askWithHost(`${base}${path}`, `${foreign}:3000`);
        expect(refused.status, `${base}${path}`).toBe(421);
        expect(refused.headers['x-frame-options'], `${base}${path}`).toBe('DENY');
        // The same request under a name of this machine is answered.
        const answered = await askWithHost(`${base}${path}`, 'localhost:3000');
        expect(answered.status, `${base}${path}`).not.toBe(421);
      }
    });

    it('relays the services’ own refusals of large bodies, and curl’s uploads, unchanged', async () => {
      const seller = await serviceToken(await signedUp('Una', 'Seller'));
      const dir = mkdtempSync(join(tmpdir(), 'cluster-curl-'));
      try {
        // 5 MB to every write route, as curl sends it (Expect: 100-continue, then the body).
        const big = join(dir, 'big.json');
        writeFileSync(big, `{"name":"${'a'.repeat(5 * 1024 * 1024)}"}`);
        const { paths } = (await (
          await fetch(`${cluster.url}/api/openapi/commands.json`)
        ).json()) as {
          paths: Record<string, Record<string, unknown>>;
        };
        const writes = Object.entries(paths).flatMap(([path, methods]) =>
          Object.keys(methods).map((method) => [
            method.toUpperCase(),
            path.replace(/\{[^}]+\}/g, 'x'),
          ]),
        );
        expect(writes.length).toBeGreaterThan(20);
        for (const [method, path] of writes) {
          const { status, body } = await curl(
            [
              '-X',
              String(method),
              '-H',
              'content-type: application/json',
              '--data-binary',
              `@${big}`,
            ],
            `${cluster.url}${path}`,
          );
          // The service's own answer: too large, or (registration settles who asks first) 401.
          expect([413, 401], `${method} ${path}: ${body}`).toContain(status);
          expect(JSON.parse(body), `${method} ${path}`).toMatchObject({ status });
        }
        // A 2 MB picture, as curl uploads a file with its default headers.
        const picture = join(dir, 'car.png');
        const noise = Buffer.from(
          Array.from({ length: 900 * 780 * 3 }, () => Math.floor(Math.random() * 256)),
        );
        await sharp(noise, { raw: { width: 900, height: 780, channels: 3 } })
          .png()
          .toFile(picture);
        expect(statSync(picture).size).toBeGreaterThan(2 * 1024 * 1024);
        const upload = await curl(
          ['-H', `authorization: Bearer ${seller}`, '-F', `image=@${picture};type=image/png`],
          `${cluster.url}/api/images`,
        );
        expect(upload.status, upload.body).toBe(201);
        const { data } = JSON.parse(upload.body) as { data: { url: string } };
        expect((await fetch(`${cluster.url}${data.url}`)).status).toBe(200);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);

    it('drives a booking from sign-up to both sides seeing it', async () => {
      const admin = await signedUp('Ada', 'Buyer');
      const seller = await signedUp('Sol', 'Seller');
      const buyer = await signedUp('Bo', 'Buyer');

      const store = await openMarketplaceStore({ kind: 'postgres', connectionString: databaseUrl });
      try {
        position = String(await promoteToAdminAsSystem(store, admin.uid));
      } finally {
        await store.close();
      }
      const adminToken = await serviceToken(admin);
      const sellerToken = await serviceToken(seller);
      const buyerToken = await serviceToken(buyer);

      expect((await call('POST', '/api/category', adminToken, { name: 'Wagon' })).status).toBe(201);

      const picture = await sharp({
        create: { width: 640, height: 400, channels: 3, background: '#3a6ea5' },
      })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'car.jpg');
      const upload = await fetch(`${cluster.url}/api/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sellerToken}` },
        body: form,
      });
      expect(upload.status).toBe(201);
      const { data } = (await upload.json()) as { data: { url: string } };
      expect((await fetch(`${cluster.url}${data.url}`)).status).toBe(200);

      const listed = await call('POST', '/api/product', sellerToken, {
        name: 'Volvo V70 2012',
        category: 'Wagon',
        image: data.url,
        original_price: 31000,
        price: 9000,
        location: 'Lund',
        use: 12,
      });
      expect(listed.status).toBe(201);
      const carId = String(listed.answer.insertedId);
      // Its page, rendered once for visitors and kept by the gateway until a write changes it.
      expect((await call('GET', `/api/product/${carId}`, sellerToken)).status).toBe(200);
      const carPage = `${cluster.url}/car/${carId}`;
      // The gateway keeps pages once it has heard the read model's version from the query
      // service's stream, which it opens as it starts: a page asked before that is rendered.
      const rendered = await vi.waitFor(
        async () => {
          const page = await fetch(carPage);
          expect(page.headers.get('etag') ?? '').toMatch(/^W\/"page\./);
          return page;
        },
        { timeout: 15_000, interval: 200 },
      );
      const etag = rendered.headers.get('etag') ?? '';
      expect(await rendered.text()).toContain('"booked":0');
      expect((await fetch(carPage, { headers: { 'if-none-match': etag } })).status).toBe(304);

      const booked = await call('POST', '/api/booking', buyerToken, {
        product_id: carId,
        buyer_phone: '+46 70 123 45 67',
        meetup: 'Lund station',
      });
      expect(booked.status).toBe(201);

      const car = await call('GET', `/api/product/${carId}`, buyerToken);
      expect(car.headers.get('x-position-reached')).toBe('true');
      expect(car.answer).toMatchObject({ _id: carId, booked: 1, seller_name: 'Sol' });
      const rebooked = await fetch(carPage, { headers: { 'if-none-match': etag } });
      expect(rebooked.status).toBe(200);
      expect(await rebooked.text()).toContain('"booked":1');

      const purchases = await fetch(
        `${cluster.url}/api/bookings?email=${encodeURIComponent(buyer.email)}&type=buyer`,
        { headers: { authorization: `Bearer ${buyerToken}`, 'x-min-position': position } },
      );
      expect(await purchases.json()).toEqual([
        expect.objectContaining({ product_id: carId, meetup: 'Lund station', seller: 'Sol' }),
      ]);
      const received = await fetch(
        `${cluster.url}/api/bookings?email=${encodeURIComponent(seller.email)}`,
        { headers: { authorization: `Bearer ${sellerToken}`, 'x-min-position': position } },
      );
      expect(await received.json()).toEqual([
        expect.objectContaining({ buyer_email: buyer.email, buyer_phone: '+46 70 123 45 67' }),
      ]);
      booking = { admin: adminToken, seller: seller.email, buyer: buyer.email, carId };
      for (const [user, token] of [
        [seller, sellerToken],
        [buyer, buyerToken],
      ] as const) {
        expect((await call('DELETE', `/api/user/${user.uid}`, adminToken)).status).toBe(200);
        expect((await read(`/api/user/${encodeURIComponent(user.email)}`, token)).status).toBe(401);
      }
    }, 60_000);

    it('traces a command as one trace: the gateway, the command service, its append and each projection', async () => {
      if (!booking) throw new Error('the booking test did not get as far as making an admin');
      const name = `Traced ${randomUUID().slice(0, 6)}`;
      expect((await call('POST', '/api/category', booking.admin, { name })).status).toBe(201);

      const command = await eventually(() =>
        spans.find(
          (span) => span.name === 'command CreateCategory' && span.service === 'command-service',
        ),
      );
      const trace = await eventually(() => {
        const found = spans.filter((span) => span.traceId === command.traceId);
        const projected = new Set(
          found.filter((span) => span.name.startsWith('project ')).map((span) => span.name),
        );
        // The category event reaches the categories and audit projections (among others).
        return projected.has('project categories') && projected.has('project audit')
          ? found
          : undefined;
      });
      const services = new Set(trace.map((span) => span.service));
      expect(services).toEqual(new Set(['gateway', 'command-service', 'projection-service']));
      // One root, the gateway's answer to the client; every other span hangs from a span of
      // the same trace.
      const ids = new Set(trace.map((span) => span.spanId));
      const roots = trace.filter((span) => !span.parentSpanId || !ids.has(span.parentSpanId));
      expect(roots.map((span) => [span.service, span.kind])).toEqual([['gateway', SERVER]]);
      const byId = new Map(trace.map((span) => [span.spanId, span]));
      const ancestors = (span: ExportedSpan): string[] => {
        const parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
        return parent ? [parent.name, ...ancestors(parent)] : [];
      };
      const append = trace.find((span) => span.name === 'append');
      expect(append && ancestors(append)).toContain('command CreateCategory');
      // The append's statements are traced under it.
      expect(
        trace.some(
          (span) =>
            span.attributes['db.system.name'] === 'postgresql' ||
            span.attributes['db.system'] === 'postgresql',
        ),
      ).toBe(true);
      const projected = trace.find((span) => span.name === 'project categories');
      expect(projected && ancestors(projected)).toContain('command CreateCategory');
      expect(projected?.service).toBe('projection-service');
    }, 60_000);

    it("a new account with a deleted account's email sees nothing of it", async () => {
      if (!booking) throw new Error('the booking test did not get as far as deleting its users');
      const { admin, carId } = booking;
      // Email verification is not required: anyone may sign up with a released email.
      const seller = await serviceToken(await signedUp('Newcomer', 'Seller', booking.seller));
      const buyer = await serviceToken(await signedUp('Another', 'Buyer', booking.buyer));
      const sellerEmail = encodeURIComponent(booking.seller);
      const buyerEmail = encodeURIComponent(booking.buyer);

      expect(await read(`/api/bookings?email=${sellerEmail}`, seller)).toEqual({
        status: 200,
        answer: [],
      });
      expect(await read(`/api/bookings?email=${buyerEmail}&type=buyer`, buyer)).toEqual({
        status: 200,
        answer: [],
      });
      expect(await read(`/api/products?email=${sellerEmail}`, seller)).toEqual({
        status: 200,
        answer: [],
      });
      expect((await read(`/api/product/${carId}/history`, seller)).status).toBe(403);
      expect((await read(`/api/user/${sellerEmail}`, seller)).answer).toMatchObject({
        name: 'Newcomer',
      });

      // An admin reads the new account by its email, and what the deleted one left by its car.
      expect(await read(`/api/bookings?email=${buyerEmail}&type=buyer`, admin)).toEqual({
        status: 200,
        answer: [],
      });
      expect((await read(`/api/product/${carId}/history`, admin)).status).toBe(200);
    }, 60_000);
  },
);

const SERVER = 2;

interface ExportedSpan {
  service: string;
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  attributes: Record<string, unknown>;
}

/** OTLP's JSON ids are hex; some writers send base64. */
const hexId = (id: string | undefined): string | undefined =>
  !id ? undefined : /^[\da-f]+$/.test(id) ? id : Buffer.from(id, 'base64').toString('hex');

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
type KeyValue = { key: string; value: AnyValue };
const plainValue = (value: AnyValue): unknown =>
  value.stringValue ?? value.intValue ?? value.boolValue;

/** A receiver of OTLP over HTTP with JSON bodies (`/v1/traces`), keeping what it is sent. */
const otlpReceiver = (into: ExportedSpan[]): Server =>
  createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: {
            resource: { attributes: KeyValue[] };
            scopeSpans: {
              spans: {
                name: string;
                kind: number;
                traceId: string;
                spanId: string;
                parentSpanId?: string;
                attributes?: KeyValue[];
              }[];
            }[];
          }[];
        };
        for (const { resource, scopeSpans } of body.resourceSpans) {
          const service = String(
            plainValue(resource.attributes.find((a) => a.key === 'service.name')?.value ?? {}),
          );
          for (const span of scopeSpans.flatMap((scope) => scope.spans)) {
            into.push({
              service,
              name: span.name,
              kind: span.kind,
              traceId: hexId(span.traceId) ?? '',
              spanId: hexId(span.spanId) ?? '',
              parentSpanId: hexId(span.parentSpanId),
              attributes: Object.fromEntries(
                (span.attributes ?? []).map((a) => [a.key, plainValue(a.value)]),
              ),
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });

/** What `find` answers once it answers something, within 20 s. */
const eventually = async <T>(find: () => T | undefined): Promise<T> => {
  const until = Date.now() + 20_000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('not found within 20 s');
    // Timed: the poll interval of a bounded wait for spans the services export in batches.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
