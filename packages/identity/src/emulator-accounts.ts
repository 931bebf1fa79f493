// Email and password sign-in against the Auth Emulator's REST API, as the web client's SDK
// does it: for tests and for seeding demo data (the emulator accepts any API key).

export type SignedInUser = { uid: string; idToken: string; email: string };

const API_KEY = 'demo-api-key';

async function identityToolkit(
  emulatorHost: string,
  method: string,
  body: Record<string, unknown>,
): Promise<{ localId: string; idToken: string; email: string }> {
  const post = () =>
    fetch(
      `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, returnSecureToken: true }),
      },
    );
  // The emulator closes idle keep-alive connections without notice; a POST that lands on one
  // fails before the emulator saw it, so sending it once more is safe.
  const response = await post().catch(post);
  const answer = (await response.json()) as {
    localId: string;
    idToken: string;
    email: string;
    error?: { message: string };
  };
  if (!response.ok) {
    throw new Error(`accounts:${method} failed: ${answer.error?.message ?? response.status}`);
  }
  return answer;
}

/** Signs up an email/password user and returns its ID token. */
export async function signUpWithPassword(
  emulatorHost: string,
  user: { email: string; password?: string; displayName?: string },
): Promise<SignedInUser> {
  const answer = await identityToolkit(emulatorHost, 'signUp', {
    email: user.email,
    password: user.password ?? 'secret-password',
    ...(user.displayName === undefined ? {} : { displayName: user.displayName }),
  });
  return { uid: answer.localId, idToken: answer.idToken, email: answer.email };
}

/** Signs in an existing email/password user and returns a fresh ID token. */
export async function signInWithPassword(
  emulatorHost: string,
  user: { email: string; password?: string },
): Promise<SignedInUser> {
  const answer = await identityToolkit(emulatorHost, 'signInWithPassword', {
    email: user.email,
    password: user.password ?? 'secret-password',
  });
  return { uid: answer.localId, idToken: answer.idToken, email: answer.email };
}
