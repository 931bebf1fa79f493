// Helpers for tests that sign users in against the Auth Emulator.
import { afterAll, beforeAll } from 'vitest';
import { type AuthEmulator, type AuthEmulatorOptions, startAuthEmulator } from './auth-emulator.ts';
import {
  type SignedInUser,
  signInWithPassword as signInUser,
  signUpWithPassword as signUpUser,
} from './emulator-accounts.ts';

export {
  type SignedInUser,
  signInWithPassword as signInUser,
  signUpWithPassword as signUpUser,
} from './emulator-accounts.ts';

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
  /** Available once the file's `beforeAll` has run. */
  readonly emulator: AuthEmulator;
  readonly host: string;
  readonly projectId: string;
  signUp(user: { email?: string; password?: string; displayName?: string }): Promise<SignedInUser>;
  signIn(user: { email: string; password?: string }): Promise<SignedInUser>;
};

/**
 * Starts one Auth Emulator for the test file (beforeAll) and stops it after (afterAll).
 * Call it at the top level of the file, or inside a describe.
 */
export function useAuthEmulator(options: AuthEmulatorOptions = {}): AuthEmulatorHandle {
  let emulator: AuthEmulator | undefined;
  beforeAll(async () => {
    emulator = await startAuthEmulator(options);
  }, 120_000);
  afterAll(async () => {
    await emulator?.stop();
  }, 60_000);
  const started = (): AuthEmulator => {
    if (!emulator) throw new Error('The Auth Emulator is not started yet (use it in a test).');
    return emulator;
  };
  return {
    get emulator() {
      return started();
    },
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

export { type AuthEmulator, startAuthEmulator } from './auth-emulator.ts';
