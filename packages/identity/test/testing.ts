// Helpers for tests that sign users in against the Auth Emulator.
import { request } from 'node:http';
import { afterAll, beforeAll, inject } from 'vitest';
import {
  type AuthEmulator,
  type AuthEmulatorOptions,
  startAuthEmulator,
} from '../src/auth-emulator.ts';
import {
  type SignedInUser,
  signInWithPassword as signInUser,
  signUpWithPassword as signUpUser,
} from '../src/emulator-accounts.ts';
// The shape of the shared emulator a project's global setup provides.
import type {} from './shared-emulator.ts';

export {
  type SignedInUser,
  signInWithPassword as signInUser,
  signUpWithPassword as signUpUser,
} from '../src/emulator-accounts.ts';

/** A unique email for a test user, so tests never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Rewrites claims of an emulator ID token. Emulator tokens are unsigned (`alg: none`), so this
 * is how a test builds an expired token or one for another project.
 */
export function withClaims(idToken: string, claims: Record<string, unknown>): string {
  const [header, payload] = idToken.split('.');
  const decoded = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
  const changed = Buffer.from(JSON.stringify({ ...decoded, ...claims })).toString('base64url');
  return `${header}.${changed}.`;
}

export type AuthEmulatorHandle = {
  readonly host: string;
  readonly projectId: string;
  signUp(user: { email?: string; password?: string; displayName?: string }): Promise<SignedInUser>;
  signIn(user: { email: string; password?: string }): Promise<SignedInUser>;
};

/**
 * The Auth Emulator of the test file, available from its `beforeAll` on: the run's shared one
 * when the project's global setup started it (`shared-emulator.ts`), else one started for the
 * file (beforeAll) and stopped after it (afterAll). Options ask for an emulator of the file's
 * own. Call it at the top level of the file, or inside a describe.
 */
export function useAuthEmulator(options: AuthEmulatorOptions = {}): AuthEmulatorHandle {
  let address: { host: string; projectId: string } | undefined;
  let own: AuthEmulator | undefined;
  beforeAll(async () => {
    const shared = Object.keys(options).length === 0 ? inject('authEmulator') : undefined;
    if (shared) {
      address = shared;
      return;
    }
    own = await startAuthEmulator(options);
    address = { host: own.host, projectId: own.projectId };
  }, 120_000);
  afterAll(async () => {
    await own?.stop();
  }, 60_000);
  const started = () => {
    if (!address) throw new Error('The Auth Emulator is not started yet (use it in a test).');
    return address;
  };
  return {
    get host() {
      return started().host;
    },
    get projectId() {
      return started().projectId;
    },
    signUp: (user) => signUpUser(started().host, { ...user, email: user.email ?? uniqueEmail() }),
    signIn: (user) => signInUser(started().host, user),
  };
}

export { type AuthEmulator, startAuthEmulator } from '../src/auth-emulator.ts';

/**
 * Sends a request to `url` naming `host` in its Host header, as a browser does after a page's
 * name was pointed at this machine (fetch sets Host itself, so this goes through node:http).
 */
export function askWithHost(
  url: string,
  host: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: init.method ?? 'GET', headers: { ...init.headers, host }, agent: false },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 0,
            headers: answer.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        answer.on('error', reject);
      },
    );
    // A WebSocket that was let in: answered 101, and closed at once.
    sent.on('upgrade', (answer, socket) => {
      socket.destroy();
      resolve({ status: answer.statusCode ?? 101, headers: answer.headers, body: '' });
    });
    sent.on('error', reject);
    sent.end(init.body);
  });
}
