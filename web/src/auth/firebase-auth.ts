import { initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  getAuth,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  type User,
  updateProfile,
} from 'firebase/auth';
import type { AppConfig } from './app-config.ts';
import type { AuthService, SessionUser } from './auth-service.ts';

function toSessionUser(user: User): SessionUser {
  return {
    uid: user.uid,
    email: user.email ?? '',
    displayName: user.displayName,
    photoURL: user.photoURL,
  };
}

export function createFirebaseAuthService(config: AppConfig): AuthService {
  const app = initializeApp(config.firebase);
  const auth = getAuth(app);
  if (config.authEmulatorUrl)
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });

  const signedInUser = (): User => {
    if (!auth.currentUser) throw new Error('Not signed in.');
    return auth.currentUser;
  };

  return {
    onChange: (listener) =>
      onAuthStateChanged(auth, (user) => listener(user && toSessionUser(user))),
    currentUser: () => (auth.currentUser ? toSessionUser(auth.currentUser) : null),
    idToken: (forceRefresh = false) => signedInUser().getIdToken(forceRefresh),
    async signIn(email, password) {
      return toSessionUser((await signInWithEmailAndPassword(auth, email, password)).user);
    },
    async signUp(name, email, password) {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      await updateProfile(user, { displayName: name });
      return { ...toSessionUser(user), displayName: name };
    },
    async signInWithGoogle() {
      return toSessionUser((await signInWithPopup(auth, new GoogleAuthProvider())).user);
    },
    signOut: () => signOut(auth),
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email),
  };
}
