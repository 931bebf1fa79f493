import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, hasEmulatorExport, startAuthEmulator } from '../src/index.ts';
import { askWithHost, signInUser, signUpUser, uniqueEmail } from './testing.ts';

/**
 * The emulator signs anyone up on request: under a name nobody configured (a page elsewhere
 * pointed at this machine), or for a page of another site calling 127.0.0.1, it answers 421 and
 * creates nothing; under its own names, and to its own pages, it answers.
 */
const expectForeignHostsRefused = async ({
  url,
  ports,
}: {
  url: string;
  ports: readonly number[];
}) => {
  const signUp = `${url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;
  const body = JSON.stringify({ email: uniqueEmail('rebound'), password: 'rebound-password' });
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
  for (const host of ['rebind.attacker.example', 'rebind.attacker.example:9099']) {
    const refused = await askWithHost(signUp, host, init);
    expect(refused.status, host).toBe(421);
    expect(refused.body, host).not.toContain('idToken');
  }
  for (const origin of ['https://attacker.example', 'null']) {
    const host = new URL(url).host;
    const refused = await askWithHost(signUp, host, {
      ...init,
      headers: { ...init.headers, origin },
    });
    expect(refused.status, origin).toBe(421);
  }
  for (const [host, origin] of [
    ['auth.internal:9099', undefined],
    ['localhost', 'http://localhost:3000'],
    ['127.0.0.1', 'http://127.0.0.1:3000'],
  ] as const) {
    const answered = await askWithHost(signUp, host, {
      ...init,
      headers: { ...init.headers, ...(origin ? { origin } : {}) },
      body: JSON.stringify({ email: uniqueEmail('named'), password: 'named-password' }),
    });
    expect(answered.status, host).toBe(200);
  }
  // Its logging's WebSocket, opened by a page of another site: refused before the upgrade.
  const logging = `http://127.0.0.1:${ports[2]}/`;
  const upgrade = { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13' };
  const socket = await askWithHost(logging, '127.0.0.1', {
    headers: {
      ...upgrade,
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      origin: 'https://attacker.example',
    },
  });
  expect(socket.status).toBe(421);
};

describe('startAuthEmulator', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('keeps accounts across a restart when given a data directory', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'second-gear-auth-data-'));
    dirs.push(parent);
    // A directory that does not exist yet, as on a fresh machine.
    const dataDir = join(parent, 'auth');
    const email = uniqueEmail('kept');

    const first = await startAuthEmulator({ dataDir, hosts: { allowed: ['auth.internal'] } });
    let uid: string;
    try {
      expect(first.host).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(first.url).toBe(`http://${first.host}`);
      expect(first.projectId).toBe('demo-second-gear');
      uid = (await signUpUser(first.host, { email, password: 'kept-password' })).uid;
      await expectForeignHostsRefused(first);
    } finally {
      await first.stop();
    }
    expect(await hasEmulatorExport(dataDir)).toBe(true);

    const second = await startAuthEmulator({ dataDir });
    try {
      const signedIn = await signInUser(second.host, { email, password: 'kept-password' });
      expect(signedIn.uid).toBe(uid);
    } finally {
      await second.stop();
    }
    // Stopping twice is harmless.
    await second.stop();
  }, 180_000);

  it('outlives no parent killed outright: the accounts are saved and the next start takes over', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'second-gear-auth-crash-'));
    dirs.push(parent);
    const dataDir = join(parent, 'auth');
    const email = uniqueEmail('crash');
    const port = await freePort();
    const crashing = spawn(
      process.execPath,
      [join(import.meta.dirname, 'fixtures/emulator-parent.ts'), dataDir, String(port), email],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let said = '';
    await new Promise<void>((resolve, reject) => {
      crashing.stdout?.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        if (said.includes('registered ')) resolve();
      });
      crashing.once('exit', () => reject(new Error(`parent: ${said}`)));
    });
    const uid = /registered (\S+)/.exec(said)?.[1];
    // While its parent runs, the emulator is in use: a second start on its data is refused,
    // and the running one keeps its sign-in.
    await expect(startAuthEmulator({ dataDir })).rejects.toThrow(
      `serves process ${crashing.pid} (another npm start or npm run dev?)`,
    );
    const killed = once(crashing, 'exit');
    crashing.kill('SIGKILL');
    await killed;

    // At once, on the same port, as `npm start` run again right after the crash.
    const next = await startAuthEmulator({ dataDir, port });
    try {
      const signedIn = await signInUser(next.host, { email, password: 'crash-password' });
      expect(signedIn.uid).toBe(uid);
    } finally {
      await next.stop();
    }
  }, 240_000);
});
