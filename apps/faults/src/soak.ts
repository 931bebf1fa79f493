// `npm run soak [-- --minutes 10 --clients 4 --rate 5 --out docs/soak.md]`: the all-in-one
// (`npm start` on a fresh data directory, with the demo data) under a steady, bounded mix of
// what people do, for a while; every 30 s it notes the process's memory and the window's
// latencies and errors, and writes the table to docs/soak.md. Not part of `npm test`.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fromWhereRun, reportFailure } from '@second-gear/config';
import { signUpWithPassword } from '@second-gear/identity';
import { allInOneOn, call, carBody, repositoryRoot } from './processes.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    clients: { type: 'string', default: '4' },
    /** Operations per second per client. */
    rate: { type: 'string', default: '5' },
    out: { type: 'string', default: join(repositoryRoot, 'docs', 'soak.md') },
  },
});
const minutes = Number(values.minutes);
const clients = Number(values.clients);
const rate = Number(values.rate);
const WINDOW_MS = 30_000;

/** Resident memory of a process, in MiB (Linux). */
const residentMiB = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);

type Sample = { ms: number; ok: boolean; kind: string };

type Timed = (kind: string, request: () => Promise<{ status: number }>) => Promise<void>;

/**
 * One seller for the soak: signs up, then until `deadline` does `rate` operations a second, a
 * fixed mix of listings, token exchanges, searches, car pages, lists and Recommended Cars.
 */
const soakClient = async (
  url: string,
  emulatorHost: string,
  n: number,
  deadline: number,
  timed: Timed,
) => {
  const email = `soak-${n}-${randomUUID().slice(0, 8)}@example.com`;
  const session = await signUpWithPassword(emulatorHost, { email });
  const registered = await call(url, 'POST', '/api/user', {
    token: session.idToken,
    body: { name: `Soak ${n}`, email, type: 'Seller' },
  });
  const token = String(
    (
      await call(url, 'GET', `/api/jwt?email=${encodeURIComponent(email)}`, {
        token: session.idToken,
        headers: { 'x-min-position': String(registered.body.position) },
      })
    ).body.accessToken,
  );
  const mine: string[] = [];
  for (let i = 0; Date.now() < deadline; i++) {
    const next = performance.now() + 1000 / rate;
    const roll = i % 20;
    if (roll < 3) {
      await timed('write', async () => {
        const answer = await call(url, 'POST', '/api/product', {
          token,
          body: carBody(`Soak ${n}-${i} Toyota Corolla`),
        });
        if (answer.status === 201) mine.push(String(answer.body.insertedId));
        return answer;
      });
    } else if (roll < 4) {
      await timed('token', () =>
        call(url, 'GET', `/api/jwt?email=${encodeURIComponent(email)}`, {
          token: session.idToken,
        }),
      );
    } else if (roll < 8) {
      await timed('search', () =>
        call(url, 'GET', `/api/products?q=corolla&maxPrice=${10_000 + (i % 10) * 1000}`),
      );
    } else if (roll < 12) {
      const id = mine[i % Math.max(1, mine.length)];
      await timed('car', () => call(url, 'GET', id ? `/api/product/${id}` : '/api/categories'));
    } else if (roll < 16) {
      await timed('list', () => call(url, 'GET', '/api/products?limit=20'));
    } else {
      await timed('home', () => call(url, 'GET', '/api/products/advertise'));
    }
    const wait = next - performance.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
  }
};

/** A window's row of the table: seconds in, memory, answers, their rate, latencies, failures. */
const windowRow = (samples: Sample[], startedAt: number, pid: number): string[] => {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const writes = samples
    .filter((s) => s.kind === 'write')
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  return [
    `${Math.round((Date.now() - startedAt) / 1000)}`,
    residentMiB(pid).toFixed(0),
    String(samples.length),
    (samples.length / (WINDOW_MS / 1000)).toFixed(1),
    percentile(sorted, 0.5).toFixed(1),
    percentile(sorted, 0.99).toFixed(1),
    percentile(writes, 0.99).toFixed(1),
    String(samples.filter((s) => !s.ok).length),
  ];
};

const reportOf = (rows: string[], firstMiB: number, lastMiB: number): string => `# Soak

\`npm run soak\` runs the all-in-one (\`npm start\` on a fresh data directory, with the demo data)
under a steady, bounded mix for ${minutes} minutes: ${clients} sellers, ${rate} operations a second each
(15% listings, 5% token exchanges, 20% searches, 20% car pages, 20% lists, 20% Recommended
Cars). Every ${WINDOW_MS / 1000} s it notes the process's resident memory and the window's
latencies (ms) and failed answers. The embedded database lives in the process, so its memory is
the process's.

Run on ${new Date().toISOString().slice(0, 10)}, on this repository's machine (2 shared cores).

| s | RSS MiB | answers | per s | p50 | p99 | write p99 | failed |
| - | ------- | ------- | ----- | --- | --- | --------- | ------ |
${rows.join('\n')}

Resident memory: ${firstMiB.toFixed(0)} MiB after start, ${lastMiB.toFixed(0)} MiB at the end (${(lastMiB - firstMiB >= 0 ? '+' : '') + (lastMiB - firstMiB).toFixed(0)} MiB).
`;

/** Runs every client until the deadline, noting a row every window; answers the rows. */
const soak = async (url: string, emulatorHost: string, pid: number): Promise<string[]> => {
  let window: Sample[] = [];
  const timed: Timed = async (kind, request) => {
    const started = performance.now();
    const ok = await request().then(
      (answer) => answer.status < 400,
      () => false,
    );
    window.push({ ms: performance.now() - started, ok, kind });
  };
  const deadline = Date.now() + minutes * 60_000;
  const rows: string[] = [];
  const startedAt = Date.now();
  const sampler = setInterval(() => {
    const samples = window;
    window = [];
    const row = windowRow(samples, startedAt, pid);
    rows.push(`| ${row.join(' | ')} |`);
    process.stdout.write(`soak: ${row.join('  ')}\n`);
  }, WINDOW_MS);
  await Promise.all(
    Array.from({ length: clients }, (_, n) => soakClient(url, emulatorHost, n, deadline, timed)),
  );
  clearInterval(sampler);
  return rows;
};

const main = async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sg-soak-'));
  const { url, emulatorHost, start } = await allInOneOn(dataDir, {
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_TOKENS: '1000000',
  });
  const marketplace = start();
  const pid = marketplace.child.pid ?? 0;
  // Stopped early (Ctrl-C), it stops the marketplace it started, which saves and cleans up.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void marketplace
        .stop()
        .then(() => rm(dataDir, { recursive: true, force: true }))
        .finally(() => process.exit(130));
    });
  }
  try {
    await marketplace.said('is running on');
    process.stdout.write(`soak: ${clients} clients x ${rate} ops/s for ${minutes} min on ${url}\n`);
    const firstMiB = residentMiB(pid);
    const rows = await soak(url, emulatorHost, pid);
    const lastMiB = residentMiB(pid);
    await writeFile(fromWhereRun(values.out), reportOf(rows, firstMiB, lastMiB));
    process.stdout.write(`soak: written to ${values.out}\n`);
  } finally {
    await marketplace.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

await main().catch((error: unknown) => {
  process.exitCode = reportFailure(error, 'soak');
});
