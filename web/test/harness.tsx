// Test harness: the real routes, providers, API client and forms, with the network stubbed at
// `fetch` and the identity provider replaced by an in-memory AuthService.
import type {
  CarFacetsAnswer,
  CarRecord,
  ReadRole,
  UserRecord,
} from '@second-gear/features/contract';
import { render, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { setAccessToken } from '../src/api/access-token.ts';
import { type ApiAnswer, answerOf, apiClient, identity } from '../src/api/http.ts';
import { resetPositions } from '../src/api/positions.ts';
import { Providers } from '../src/app/providers.tsx';
import { createQueryClient } from '../src/app/query-client.ts';
import { routes } from '../src/app/routes.tsx';
import type { AuthService, SessionUser } from '../src/auth/auth-service.ts';
import { matchMediaBy } from './media-queries.ts';

export interface StubbedCall {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

type Handler = (call: StubbedCall) => Response | Promise<Response>;

export const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });

export const problem = (status: number, title: string, detail?: string, errors?: unknown[]) =>
  new Response(JSON.stringify({ type: 'about:blank', title, status, detail, errors }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

/**
 * Stubs `fetch` at the network boundary. Routes are "METHOD /path" (query string ignored);
 * unknown routes answer 404 so a forgotten stub shows up as a failure.
 */
export function stubApi(routes: Record<string, Handler | unknown>) {
  const calls: StubbedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const body =
      typeof init.body === 'string' ? JSON.parse(init.body) : ((init.body as unknown) ?? undefined);
    const call = { method, url, headers: new Headers(init.headers), body };
    calls.push(call);
    const path = url.split('?')[0];
    const route = routes[`${method} ${path}`];
    if (route === undefined) return problem(404, 'Not Found', `No stub for ${method} ${path}`);
    if (typeof route === 'function') return (route as Handler)(call);
    return route instanceof Response ? route.clone() : json(route);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetchStub };
}

/** Any call under `/api`, for the client's own behaviour on paths no document describes. */
interface AnyOperation {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
  requestBody?: { content: { 'application/json': unknown } };
  responses: { 200: { content: { 'application/json': unknown } } };
}
type AnyPaths = Record<string, Record<'get' | 'post' | 'put' | 'patch' | 'delete', AnyOperation>>;
const byHand = { public: apiClient<AnyPaths>('public'), member: apiClient<AnyPaths>('member') };

/**
 * A call by a path written by hand (`/x` is `/api/x`), through the same clients' wrapper as
 * every call of the app: `auth` sends the service token, `idToken` an identity token instead.
 */
export async function apiRequest<T>(
  path: string,
  options: {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    body?: unknown;
    auth?: boolean;
    idToken?: string;
  } = {},
): Promise<ApiAnswer<T>> {
  const client = byHand[options.auth ? 'member' : 'public'];
  const method = (options.method ?? 'GET').toLowerCase() as Lowercase<
    NonNullable<typeof options.method>
  >;
  const { data, headers } = await answerOf(
    client.request(method, `/api${path}`, {
      body: options.body,
      ...(options.idToken ? identity(options.idToken) : {}),
    }),
  );
  return { data: data as T, headers };
}

export const fakeToken = (email: string) =>
  `x.${btoa(JSON.stringify({ email })).replace(/=+$/, '')}.y`;

/** A car as the API answers it: a 2017 Corolla in Bremen, changed by `overrides`. */
export const carRecord = (overrides: Partial<CarRecord> = {}): CarRecord => ({
  _id: 'car-1',
  name: 'Toyota Corolla 2017',
  seller_name: 'Seller Person',
  email: 'seller@example.com',
  category: 'Sedan',
  image: '/images/corolla.png',
  original_price: 16000,
  price: 12500,
  location: 'Bremen',
  use: 7,
  booked: 0,
  advertise: 0,
  sold: 0,
  seller_id: 'seller-1',
  seller_rating: { average: null, count: 0 },
  listed_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-12-31T10:00:00.000Z',
  images: ['/images/corolla.png'],
  ...overrides,
});

/** The filter panel's counts of `total` cars, with no value counted in any dimension. */
export const noFacets = (total: number): CarFacetsAnswer => ({
  total,
  estimated: false,
  category: [],
  make: [],
  model: [],
  fuel: [],
  transmission: [],
  price: [],
});

export function userRecord(role: ReadRole, overrides: Partial<UserRecord> = {}): UserRecord {
  const email = `${role.toLowerCase()}@example.com`;
  return {
    _id: `${role}-uid`,
    name: `${role} Person`,
    email,
    type: role,
    photoURL: null,
    phone: null,
    ...overrides,
  };
}

/** An in-memory identity provider. `user: null` is signed out; `pending` never resolves. */
export function fakeAuthService(
  start: SessionUser | null | 'pending',
  extra: Partial<AuthService> = {},
): AuthService {
  let current: SessionUser | null = start === 'pending' ? null : start;
  const listeners = new Set<(user: SessionUser | null) => void>();
  const emit = () => {
    for (const listener of listeners) listener(current);
  };
  const signInAs = async (user: SessionUser) => {
    current = user;
    setTimeout(emit, 0);
    return user;
  };
  return {
    onChange(listener) {
      listeners.add(listener);
      if (start !== 'pending') setTimeout(() => listener(current), 0);
      return () => listeners.delete(listener);
    },
    currentUser: () => current,
    idToken: async () => 'firebase-id-token',
    signIn: async (email) =>
      signInAs({ uid: 'u1', email, displayName: 'Signed In', photoURL: null }),
    signUp: async (name, email) =>
      signInAs({ uid: 'u2', email, displayName: name, photoURL: null }),
    signInWithGoogle: async () =>
      signInAs({
        uid: 'u3',
        email: 'google@example.com',
        displayName: 'Google User',
        photoURL: null,
      }),
    signOut: async () => {
      current = null;
      emit();
    },
    sendPasswordReset: async () => {},
    ...extra,
  };
}

export function sessionUser(record: UserRecord): SessionUser {
  return { uid: record._id, email: record.email, displayName: record.name, photoURL: null };
}

/**
 * Renders the whole app at `path`, signed in as `record` (or signed out). `loadService` stands
 * for loading the identity provider, to see when the app asks for it.
 */
export function renderApp(
  path: string,
  options: {
    as?: UserRecord | null;
    auth?: AuthService;
    loadService?: () => Promise<AuthService>;
  } = {},
) {
  resetPositions();
  const record = options.as ?? null;
  if (record) setAccessToken(fakeToken(record.email));
  const auth = options.auth ?? fakeAuthService(record ? sessionUser(record) : null);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const view = render(
    <Providers
      queryClient={queryClient}
      loadAuthService={options.loadService ?? (async () => auth)}
    >
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
}

/** What a new listing says the car is, as a seller types it. */
export const newCarIdentity = { make: 'Nissan', model: 'Leaf', year: '2020', mileage: '42,000' };

/**
 * Types the make, model, year and mileage a new listing must give into Add Product's `dialog`
 * (its name follows them until a name of its own is typed).
 */
export async function typeCarIdentity(
  user: UserEvent,
  dialog: HTMLElement,
  car: Partial<typeof newCarIdentity> = newCarIdentity,
) {
  const fields = [
    [/^Make/, car.make],
    [/^Model/, car.model],
    [/^Year\b/, car.year],
    [/^Mileage/, car.mileage],
  ] as const;
  for (const [label, value] of fields) {
    if (value !== undefined) await user.type(within(dialog).getByLabelText(label), value);
  }
}

/** A phone's screen, for the app's own media queries: below `md`, none of the wider ones. */
export function onAPhone() {
  vi.stubGlobal(
    'matchMedia',
    matchMediaBy((query) => query.includes('max-width')),
  );
}
