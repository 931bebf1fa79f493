import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import toast from 'react-hot-toast';
import {
  clearAccessToken,
  getAccessToken,
  setAccessToken,
  setTokenRefresher,
  tokenEmail,
} from '../api/access-token.ts';
import { exchangeToken, registerUser } from '../api/endpoints.ts';
import { ApiError, describeError } from '../api/http.ts';
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

export function AuthProvider({
  children,
  loadService = loadFirebaseAuthService,
}: {
  children: ReactNode;
  loadService?: (() => Promise<AuthService>) | undefined;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ status: AuthStatus; user: SessionUser | null }>({
    status: 'loading',
    user: null,
  });
  const service = useRef<Promise<AuthService> | null>(null);
  // A sign-in or sign-up in progress; the auth listener waits for it before its own checks.
  const pending = useRef<Promise<unknown> | null>(null);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    const loading = loadService();
    service.current = loading;

    loading
      .then((svc) => {
        if (cancelled) return;
        setTokenRefresher(async () => {
          const user = svc.currentUser();
          if (!user) return false;
          await startServerSession(svc, user);
          return true;
        });
        unsubscribe = svc.onChange(async (user) => {
          if (!user) {
            clearAccessToken();
            setState({ status: 'signed-out', user: null });
            return;
          }
          await pending.current?.catch(() => undefined);
          const token = getAccessToken();
          if (!token || tokenEmail(token) !== user.email) {
            try {
              await startServerSession(svc, user);
            } catch (error) {
              toast.error(describeError(error));
            }
          }
          if (!cancelled) setState({ status: 'signed-in', user });
        });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        toast.error(`Sign-in is unavailable: ${describeError(error)}`);
        setState({ status: 'signed-out', user: null });
      });

    return () => {
      cancelled = true;
      unsubscribe?.();
      setTokenRefresher(null);
    };
  }, [loadService]);

  const run = useCallback(
    async (flow: (svc: AuthService) => Promise<SessionUser>): Promise<void> => {
      const svc = await service.current;
      if (!svc) throw new Error('Sign-in is not ready yet.');
      const attempt = flow(svc);
      pending.current = attempt;
      const user = await attempt;
      setState({ status: 'signed-in', user });
    },
    [],
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
    queryClient.removeQueries({ queryKey: ['user'] });
    setState({ status: 'signed-out', user: null });
  }, [queryClient]);

  const sendPasswordReset = useCallback(async (email: string) => {
    const svc = await service.current;
    if (!svc) throw new Error('Sign-in is not ready yet.');
    await svc.sendPasswordReset(email);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, signIn, signUp, signInWithGoogle, signOut, sendPasswordReset }),
    [state, signIn, signUp, signInWithGoogle, signOut, sendPasswordReset],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
