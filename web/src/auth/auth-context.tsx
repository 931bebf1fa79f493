import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import toast from 'react-hot-toast';
import {
  ACCESS_TOKEN_KEY,
  clearAccessToken,
  getAccessToken,
  setAccessToken,
  setTokenRefresher,
  tokenEmail,
} from '../api/access-token.ts';
import { exchangeToken, registerUser } from '../api/endpoints.ts';
import { ApiError, describeError } from '../api/http.ts';
import { useBrowserValue, useHydrated } from '../components/use-hydrated.ts';
import { loadAppConfig } from './app-config.ts';
import type { AuthService, SessionUser } from './auth-service.ts';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  seller: boolean;
}

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  /**
   * Whether a click can act on who is signed in: false on a server-rendered page until the
   * browser has taken it over (its buttons do nothing yet) and while a stored session is
   * restored (a signed-in user would be taken for a visitor). Controls that need a session wait
   * for it rather than send a member to sign in.
   */
  settled: boolean;
  /**
   * Signed out by the user's own Logout on this page: a guarded page then sends them Home, not
   * to Login (which the page it was on would otherwise ask for).
   */
  loggedOut: boolean;
  /** Loads the identity provider ahead of a sign-in (the sign-in pages call it as they open). */
  prepare(): void;
  signIn(email: string, password: string): Promise<void>;
  signUp(input: SignUpInput): Promise<void>;
  signInWithGoogle(): Promise<void>;
  signOut(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}

/**
 * Set while the identity provider has someone signed in on this browser. The provider's SDK
 * (31 kB gzip) is loaded only when a page needs it: to restore a session this key (or a
 * stored service token) says there is, or when someone opens a sign-in page. A visitor's pages
 * never load it.
 */
export const SESSION_KEY = 'signed-in';

const signedOut = { status: 'signed-out', user: null } as const;

function storedSession(): boolean {
  try {
    return localStorage.getItem(SESSION_KEY) !== null || getAccessToken() !== null;
  } catch {
    return false;
  }
}

function rememberSession(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SESSION_KEY, '1');
    else localStorage.removeItem(SESSION_KEY);
  } catch {
    // storage unavailable: the session is restored only while the page lives
  }
}

async function loadFirebaseAuthService(): Promise<AuthService> {
  const [config, firebase] = await Promise.all([loadAppConfig(), import('./firebase-auth.ts')]);
  return firebase.createFirebaseAuthService(config);
}

/** Trade the identity provider's ID token for the service token and keep it. */
async function startServerSession(service: AuthService, user: SessionUser): Promise<void> {
  const idToken = await service.idToken();
  setAccessToken(await exchangeToken(idToken, user.email));
}

async function register(
  service: AuthService,
  user: SessionUser,
  name: string,
  type: 'Buyer' | 'Seller',
): Promise<void> {
  try {
    await registerUser(await service.idToken(), {
      name,
      email: user.email,
      type,
      ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    });
  } catch (error) {
    // Registering an existing account again is harmless.
    if (!(error instanceof ApiError && error.status === 409)) throw error;
  }
}

type AuthState = { status: AuthStatus; user: SessionUser | null };
type SetAuthState = (state: AuthState) => void;

/**
 * What the provider's listener does with its user: signed out, the service token goes; signed
 * in, once a sign-in in progress has ended, the user gets a service token unless one is kept
 * for them. `current` says whether this load of the provider is still the provider's.
 */
const followUser =
  (
    svc: AuthService,
    current: () => boolean,
    pending: RefObject<Promise<unknown> | null>,
    setState: SetAuthState,
  ) =>
  async (user: SessionUser | null): Promise<void> => {
    if (!user) {
      clearAccessToken();
      rememberSession(false);
      setState({ status: 'signed-out', user: null });
      return;
    }
    rememberSession(true);
    await pending.current?.catch(() => undefined);
    const token = getAccessToken();
    if (!token || tokenEmail(token) !== user.email) {
      try {
        await startServerSession(svc, user);
      } catch (error) {
        toast.error(describeError(error));
      }
    }
    if (current()) setState({ status: 'signed-in', user });
  };

/**
 * The identity provider, loaded and listened to once, on the first need (`ensureService`): at
 * once when a session is stored here, or when another tab signs in.
 */
function useAuthService(
  loadService: () => Promise<AuthService>,
  setState: SetAuthState,
  pending: RefObject<Promise<unknown> | null>,
) {
  const service = useRef<Promise<AuthService> | null>(null);
  const unsubscribe = useRef<(() => void) | null>(null);

  const ensureService = useCallback((): Promise<AuthService> => {
    if (service.current) return service.current;
    const loading = loadService();
    service.current = loading;
    loading
      .then((svc) => {
        // A provider unmounted meanwhile (or a StrictMode remount) has let this load go.
        if (service.current !== loading) return;
        setTokenRefresher(async () => {
          const user = svc.currentUser();
          if (!user) return false;
          await startServerSession(svc, user);
          return true;
        });
        unsubscribe.current = svc.onChange(
          followUser(svc, () => service.current === loading, pending, setState),
        );
      })
      .catch((error: unknown) => {
        if (service.current !== loading) return;
        service.current = null; // a later sign-in tries again
        toast.error(`Sign-in is unavailable: ${describeError(error)}`);
        setState({ status: 'signed-out', user: null });
      });
    return loading;
  }, [loadService, pending, setState]);

  useEffect(() => {
    if (storedSession()) void ensureService();
    // Signed in on another tab: this one follows.
    const follow = (event: StorageEvent) => {
      if ((event.key === SESSION_KEY || event.key === ACCESS_TOKEN_KEY) && event.newValue) {
        void ensureService();
      }
    };
    window.addEventListener('storage', follow);
    return () => {
      window.removeEventListener('storage', follow);
      unsubscribe.current?.();
      unsubscribe.current = null;
      service.current = null;
      setTokenRefresher(null);
    };
  }, [ensureService]);

  return { service, ensureService };
}

/** The context's actions: sign in, up (registering the user) or out, reset a password. */
function useAuthActions(
  { service, ensureService }: ReturnType<typeof useAuthService>,
  setState: SetAuthState,
  pending: RefObject<Promise<unknown> | null>,
) {
  const queryClient = useQueryClient();
  const prepare = useCallback(() => {
    ensureService().catch(() => undefined); // said by a toast already
  }, [ensureService]);

  const run = useCallback(
    async (flow: (svc: AuthService) => Promise<SessionUser>): Promise<void> => {
      const svc = await ensureService();
      const attempt = flow(svc);
      pending.current = attempt;
      const user = await attempt;
      rememberSession(true);
      setState({ status: 'signed-in', user });
    },
    [ensureService, pending, setState],
  );

  const signIn = useCallback(
    (email: string, password: string) =>
      run(async (svc) => {
        const user = await svc.signIn(email, password);
        await startServerSession(svc, user);
        return user;
      }),
    [run],
  );

  const signUp = useCallback(
    ({ name, email, password, seller }: SignUpInput) =>
      run(async (svc) => {
        const user = await svc.signUp(name, email, password);
        await register(svc, user, name, seller ? 'Seller' : 'Buyer');
        await startServerSession(svc, user);
        return user;
      }),
    [run],
  );

  const signInWithGoogle = useCallback(
    () =>
      run(async (svc) => {
        const user = await svc.signInWithGoogle();
        await register(svc, user, user.displayName ?? user.email, 'Buyer');
        await startServerSession(svc, user);
        return user;
      }),
    [run],
  );

  const signOut = useCallback(async () => {
    const svc = await service.current;
    await svc?.signOut();
    clearAccessToken();
    rememberSession(false);
    queryClient.removeQueries({ queryKey: ['user'] });
    setState({ status: 'signed-out', user: null });
  }, [queryClient, service, setState]);

  const sendPasswordReset = useCallback(
    async (email: string) => {
      const svc = await ensureService();
      await svc.sendPasswordReset(email);
    },
    [ensureService],
  );

  return { prepare, signIn, signUp, signInWithGoogle, signOut, sendPasswordReset };
}

export function AuthProvider({
  children,
  loadService = loadFirebaseAuthService,
}: {
  children: ReactNode;
  loadService?: (() => Promise<AuthService>) | undefined;
}) {
  // Without a stored session the visitor is signed out from the first paint, and nothing waits.
  const [state, setState] = useState<AuthState>(() => ({
    status: storedSession() ? 'loading' : 'signed-out',
    user: null,
  }));
  // A sign-in or sign-up in progress; the auth listener waits for it before its own checks.
  const pending = useRef<Promise<unknown> | null>(null);
  const provider = useAuthService(loadService, setState, pending);
  const actions = useAuthActions(provider, setState, pending);
  const { prepare, signIn, signUp, signInWithGoogle, sendPasswordReset } = actions;
  const [leaving, setLeaving] = useState(false);
  const signOut = useCallback(async () => {
    setLeaving(true);
    await actions.signOut();
  }, [actions.signOut]);
  useEffect(() => {
    if (state.status === 'signed-in') setLeaving(false);
  }, [state.status]);

  // A page rendered by a server shows a visitor's top bar (the server cannot see a stored
  // session); the browser keeps it while it takes over that HTML, then shows a session being
  // restored.
  const restoring = useBrowserValue(storedSession, false);
  const shown = state.status === 'loading' && !restoring ? signedOut : state;
  const settled = useHydrated() && shown.status !== 'loading';
  const value = useMemo<AuthContextValue>(
    () => ({
      ...shown,
      settled,
      loggedOut: leaving && shown.status === 'signed-out',
      prepare,
      signIn,
      signUp,
      signInWithGoogle,
      signOut,
      sendPasswordReset,
    }),
    [
      shown,
      settled,
      leaving,
      prepare,
      signIn,
      signUp,
      signInWithGoogle,
      signOut,
      sendPasswordReset,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
