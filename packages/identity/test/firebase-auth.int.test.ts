import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirebaseAuth, type FirebaseAuth, InvalidIdTokenError } from '../src/index.ts';
import { uniqueEmail, useAuthEmulator, withClaims } from './testing.ts';

const emulator = useAuthEmulator();
let firebase: FirebaseAuth;

beforeAll(() => {
  firebase = createFirebaseAuth({ projectId: emulator.projectId, emulatorHost: emulator.host });
});

afterAll(async () => {
  await firebase?.close();
});

async function refusal(idToken: string): Promise<InvalidIdTokenError> {
  const error = await firebase.verifyIdToken(idToken).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InvalidIdTokenError);
  return error as InvalidIdTokenError;
}

describe('createFirebaseAuth against the Auth Emulator', () => {
  it('verifies a real ID token', async () => {
    const email = uniqueEmail('seller');
    const user = await emulator.signUp({ email, displayName: 'Rahim Motors' });
    const identity = await firebase.verifyIdToken(user.idToken);
    expect(identity).toEqual({
      uid: user.uid,
      email,
      name: 'Rahim Motors',
      picture: null,
      emailVerified: false,
      signInProvider: 'password',
    });
  });

  it('refuses a missing, malformed or tampered token', async () => {
    const user = await emulator.signUp({});
    expect((await refusal('')).code).toBe('auth/argument-error');
    await refusal('not-a-token');
    await refusal(withClaims(user.idToken, { aud: 'another-project' }));
    await refusal(withClaims(user.idToken, { iss: 'https://securetoken.google.com/other' }));
    await refusal(withClaims(user.idToken, { sub: 'someone-else', user_id: 'someone-else' }));
  });

  it('refuses an expired token, saying so', async () => {
    const user = await emulator.signUp({});
    const past = Math.floor(Date.now() / 1000) - 7200;
    const error = await refusal(withClaims(user.idToken, { iat: past - 3600, exp: past }));
    expect(error.expired).toBe(true);
    expect(error.message).toMatch(/expired/);
  });

  it('creates accounts idempotently by email', async () => {
    const email = uniqueEmail('admin');
    const uid = await firebase.createUser({ email, password: 'admin-pass', displayName: 'Admin' });
    expect(await firebase.createUser({ email, password: 'other-pass' })).toBe(uid);
    const signedIn = await emulator.signIn({ email, password: 'admin-pass' });
    expect(signedIn.uid).toBe(uid);
  });

  it('deletes an account, whose token then stops working, and tolerates deleting it again', async () => {
    const user = await emulator.signUp({});
    await firebase.deleteUser(user.uid);
    await firebase.deleteUser(user.uid);
    await refusal(user.idToken);
    await expect(emulator.signIn({ email: user.email })).rejects.toThrow(/EMAIL_NOT_FOUND/);
  });

  it('keeps instances apart: one pointed at nothing does not reach this emulator, and says the sign-in service is unavailable rather than the token bad', async () => {
    const elsewhere = createFirebaseAuth({
      projectId: emulator.projectId,
      emulatorHost: '127.0.0.1:9',
    });
    try {
      const user = await emulator.signUp({});
      const error = await elsewhere.verifyIdToken(user.idToken).catch((caught: unknown) => caught);
      expect(error).not.toBeInstanceOf(InvalidIdTokenError);
      expect(error).toMatchObject({
        message: 'The sign-in service does not answer; try again shortly.',
        unavailable: true,
      });
      expect((await firebase.verifyIdToken(user.idToken)).uid).toBe(user.uid);
    } finally {
      await elsewhere.close();
    }
  });
});
