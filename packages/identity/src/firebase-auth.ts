import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';

/** Who a verified Firebase ID token says the caller is. */
export type FirebaseIdentity = {
  uid: string;
  email: string | null;
  name: string | null;
  picture: string | null;
  emailVerified: boolean;
  /** `password`, `google.com`, ... */
  signInProvider: string | null;
};

export type FirebaseAuthOptions = {
  projectId: string;
  /**
   * `host:port` of an Auth Emulator. When absent, FIREBASE_AUTH_EMULATOR_HOST decides (as
   * firebase-admin does); `null` forces the real service even when that variable is set.
   */
  emulatorHost?: string | null;
};

export type NewAccount = { email: string; password: string; displayName?: string };

export type FirebaseAuth = {
  readonly projectId: string;
  readonly emulatorHost: string | undefined;
  /** Verifies an ID token; throws `InvalidIdTokenError` when it is bad, expired or revoked. */
  verifyIdToken(idToken: string): Promise<FirebaseIdentity>;
  /** Creates an email/password account, or returns the uid of the one with that email. */
  createUser(account: NewAccount): Promise<string>;
  /** Deletes an account; an account that is already gone is not an error. */
  deleteUser(uid: string): Promise<void>;
  /** Releases the firebase-admin app behind this instance. */
  close(): Promise<void>;
};

/** A Firebase ID token that cannot be trusted: malformed, tampered, expired or revoked. */
export class InvalidIdTokenError extends Error {
  readonly code: string;
  readonly expired: boolean;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidIdTokenError';
    this.code = code;
    this.expired = code === 'auth/id-token-expired';
  }
}

const EMULATOR_VARIABLE = 'FIREBASE_AUTH_EMULATOR_HOST';
let instances = 0;

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

// firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST once, when an app's Auth service is
// created, and keeps it for that instance. Setting it only around that moment lets several
// instances (each its own named app) talk to different emulators in one process.
function authFor(app: App, emulatorHost: string | null | undefined): Auth {
  if (emulatorHost === undefined) return getAuth(app);
  const previous = process.env[EMULATOR_VARIABLE];
  if (emulatorHost === null) delete process.env[EMULATOR_VARIABLE];
  else process.env[EMULATOR_VARIABLE] = emulatorHost;
  try {
    return getAuth(app);
  } finally {
    if (previous === undefined) delete process.env[EMULATOR_VARIABLE];
    else process.env[EMULATOR_VARIABLE] = previous;
  }
}

/**
 * Firebase Authentication for a service: ID token verification and the account management the
 * services need (registration of demo accounts, deletion of a user's account).
 * With an emulator, no credentials are needed; otherwise firebase-admin uses Application
 * Default Credentials (GOOGLE_APPLICATION_CREDENTIALS).
 */
export function createFirebaseAuth(options: FirebaseAuthOptions): FirebaseAuth {
  instances += 1;
  const app = initializeApp(
    { projectId: options.projectId },
    `second-gear-${options.projectId}-${instances}`,
  );
  const auth = authFor(app, options.emulatorHost);
  const emulatorHost =
    options.emulatorHost === null
      ? undefined
      : (options.emulatorHost ?? process.env[EMULATOR_VARIABLE] ?? undefined);

  return {
    projectId: options.projectId,
    emulatorHost,

    async verifyIdToken(idToken) {
      if (!idToken) throw new InvalidIdTokenError('auth/argument-error', 'No ID token was sent.');
      try {
        // Revocation is checked too: a deleted or disabled account's token stops working.
        const decoded = await auth.verifyIdToken(idToken, true);
        return {
          uid: decoded.uid,
          email: decoded.email ?? null,
          name: typeof decoded.name === 'string' ? decoded.name : null,
          picture: decoded.picture ?? null,
          emailVerified: decoded.email_verified ?? false,
          signInProvider: decoded.firebase?.sign_in_provider ?? null,
        };
      } catch (error) {
        const code = errorCode(error) ?? 'auth/invalid-id-token';
        // The sign-in service did not answer (revocation is checked with it): nothing is known
        // about the token, so this is no 401 but a service unavailable for now.
        if (code.startsWith('app/network') || code === 'app/internal-error') {
          throw Object.assign(
            new Error('The sign-in service does not answer; try again shortly.', { cause: error }),
            { unavailable: true },
          );
        }
        const message =
          code === 'auth/id-token-expired'
            ? 'The Firebase ID token has expired; sign in again.'
            : code === 'auth/id-token-revoked' || code === 'auth/user-disabled'
              ? 'The Firebase ID token has been revoked.'
              : code === 'auth/user-not-found'
                ? 'The Firebase account of this ID token no longer exists.'
                : 'The Firebase ID token is not valid.';
        throw new InvalidIdTokenError(code, message, { cause: error });
      }
    },

    async createUser({ email, password, displayName }) {
      try {
        return (await auth.getUserByEmail(email)).uid;
      } catch (error) {
        if (errorCode(error) !== 'auth/user-not-found') throw error;
      }
      try {
        const user = await auth.createUser({
          email,
          password,
          ...(displayName === undefined ? {} : { displayName }),
        });
        return user.uid;
      } catch (error) {
        // Another caller created it meanwhile.
        if (errorCode(error) === 'auth/email-already-exists') {
          return (await auth.getUserByEmail(email)).uid;
        }
        throw error;
      }
    },

    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if (errorCode(error) !== 'auth/user-not-found') throw error;
      }
    },

    async close() {
      await deleteApp(app);
    },
  };
}
