// What the app needs from the identity provider. The Firebase implementation is loaded lazily,
// so the first page does not wait for the SDK.

export interface SessionUser {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
}

export interface AuthService {
  onChange(listener: (user: SessionUser | null) => void): () => void;
  currentUser(): SessionUser | null;
  idToken(forceRefresh?: boolean): Promise<string>;
  signIn(email: string, password: string): Promise<SessionUser>;
  signUp(name: string, email: string, password: string): Promise<SessionUser>;
  signInWithGoogle(): Promise<SessionUser>;
  signOut(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
}

const FIREBASE_MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'Wrong email or password.',
  'auth/wrong-password': 'Wrong email or password.',
  'auth/user-not-found': 'There is no account with this email.',
  'auth/invalid-email': 'Enter a valid email address.',
  'auth/email-already-in-use': 'An account with this email already exists.',
  'auth/weak-password': 'The password should be at least 6 characters.',
  'auth/popup-closed-by-user': 'Google sign-in was closed before it finished.',
  'auth/cancelled-popup-request': 'Google sign-in was closed before it finished.',
  'auth/popup-blocked': 'The browser blocked the Google sign-in window.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/network-request-failed': 'Could not reach the sign-in service. Please try again.',
  'auth/missing-email': 'Enter your email first.',
  // What Google sign-in fails with when its script from apis.google.com cannot be loaded.
  'auth/internal-error': 'Sign-in could not be completed. Check your connection and try again.',
};

/** Plain words for an identity provider error. */
export function describeAuthError(error: unknown): string | null {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  return typeof code === 'string' ? (FIREBASE_MESSAGES[code] ?? null) : null;
}

/** Which form field an identity provider error belongs to, if any. */
export function authErrorField(error: unknown): 'email' | 'password' | null {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  if (code === 'auth/invalid-email' || code === 'auth/email-already-in-use') return 'email';
  if (code === 'auth/weak-password') return 'password';
  return null;
}
