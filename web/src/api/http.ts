// One door to the API: the openapi-fetch clients made here (`apiClient`) and their one
// middleware, which sends tokens and read-your-writes positions, repeats a call after a token
// refresh or while a read is behind the user's own writes, and keeps the positions answers
// report; `answerOf`, `dataOf` and `listOf` turn a call's result into its value, a page or an
// ApiError.
import type { ProblemAnswer, TOTAL_ESTIMATED_HEADER } from '@second-gear/features/contract';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { getAccessToken, getTokenRefresher } from './access-token.ts';
import { minPosition, observeProjection, recordPosition } from './positions.ts';

/** One field at fault in a 400 answer. */
export type FieldProblem = NonNullable<ProblemAnswer['errors']>[number];

/** A page of a list: the items and the total the server reported in X-Total-Count. */
export interface Page<T> {
  items: T[];
  total: number;
  /** True when the total is an estimate (`X-Total-Count-Estimated: true`). */
  estimated?: boolean;
  /** The address of the next page, from the `Link` header's `rel="next"`. */
  next?: string | undefined;
}

/** An error answer of the API (RFC 9457 problem details), or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly fieldErrors: FieldProblem[];

  constructor(status: number, title: string, detail?: string, fieldErrors: FieldProblem[] = []) {
    super(detail || title);
    this.name = 'ApiError';
    this.status = status;
    this.title = title;
    this.detail = detail;
    this.fieldErrors = fieldErrors;
  }
}

export interface ApiAnswer<T> {
  data: T;
  headers: Headers;
}

const STATUS_TITLES: Record<number, string> = {
  400: 'The request was not valid.',
  401: 'Please sign in again.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  409: 'That conflicts with the current state.',
  413: 'The file is too large.',
  415: 'That file type is not supported.',
  429: 'Too many requests. Please wait a moment and try again.',
};

function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The ApiError of a failed answer, from its problem+json body when it has one. */
function problemOf(status: number, answer: unknown): ApiError {
  const body = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<
    string,
    unknown
  >;
  const title =
    typeof body.title === 'string'
      ? body.title
      : (STATUS_TITLES[status] ?? `Request failed (${status})`);
  const detail = typeof body.detail === 'string' ? body.detail : undefined;
  const fieldErrors = Array.isArray(body.errors)
    ? body.errors.filter(
        (e): e is FieldProblem =>
          typeof e === 'object' && e !== null && 'field' in e && 'message' in e,
      )
    : [];
  return new ApiError(status, title, detail, fieldErrors);
}

/** Sends one API request: `path` starts with `/api/`. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

// In the browser the API is the page's own origin. A server rendering a page sets its own way
// to the query side (`setApiTransport`) before its first read.
let transport: ApiTransport = (path, init) => fetch(path, init);

export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

// The transport is handed a path alone and decides where it goes; requests are addressed to a
// stand-in origin only because a Request needs a whole URL outside the browser.
const STAND_IN_ORIGIN = 'http://api.invalid';

/**
 * A request that keeps its body as the client serialized it (JSON text or FormData), so that
 * the transport sends that body itself, and sends it again when the call is repeated: read back
 * out of a Request, a FormData would be encoded anew.
 */
class CarriedRequest extends Request {
  readonly payload: BodyInit | undefined;

  constructor(input: RequestInfo | URL, init: RequestInit = {}) {
    const { body, ...rest } = init;
    super(input, rest);
    this.payload = body ?? undefined;
  }
}

// The calls given query parameters: their address keeps its `?` when every parameter is blank,
// so each call is asked at the same address it always has been (caches key on all of it).
const withQuery = new WeakSet<Request>();

/** The path and query the transport is handed. */
function addressOf(request: Request): string {
  const { pathname, search } = new URL(request.url);
  return `${pathname}${search || (withQuery.has(request) ? '?' : '')}`;
}

/** The clients' fetch: the request through the transport; a network failure is an ApiError. */
async function send(request: Request): Promise<Response> {
  try {
    return await transport(addressOf(request), {
      method: request.method,
      headers: request.headers,
      body: request instanceof CarriedRequest ? request.payload : undefined,
    });
  } catch {
    throw new ApiError(0, 'Network error', 'Could not reach the server. Please try again.');
  }
}

/** `a=1&b=2` of the parameters set, in the order given; a blank one is left out as unset. */
function searchOf(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

/** Whose token a client's calls carry: none (what anyone may read) or the member's. */
export type Access = 'public' | 'member';

/** A call that brings its own Authorization: a Firebase ID token (sign-up, token exchange). */
export const identity = (idToken: string) => ({ headers: { Authorization: `Bearer ${idToken}` } });

// The requests sent with the service token: those, and only those, are repeated with a fresh
// token when it has expired (an identity token is not the client's to renew).
const withServiceToken = new WeakSet<Request>();

function signWithServiceToken(request: Request): void {
  withServiceToken.add(request);
  const token = getAccessToken();
  if (token) request.headers.set('Authorization', `bearer ${token}`);
  else request.headers.delete('Authorization');
}

function prepare(request: Request, access: Access): void {
  const { headers, method } = request;
  headers.set('Accept', 'application/json, application/problem+json');
  // The same key on a repeated command (after a token refresh) makes the repeat safe.
  if (method !== 'GET') headers.set('Idempotency-Key', newIdempotencyKey());
  if (access === 'member' && !headers.has('Authorization')) signWithServiceToken(request);
  if (method === 'GET') {
    const position = minPosition();
    if (position) headers.set('X-Min-Position', position);
  }
}

/** How many times a read still behind the user's own writes is asked again, and the pause. */
const STALE_READ_RETRIES = 3;
const STALE_READ_PAUSE_MS = 100;

const behindOwnWrites = (request: Request, response: Response) =>
  request.method === 'GET' &&
  response.ok &&
  minPosition() !== null &&
  response.headers.get('X-Position-Reached') === 'false';

/** The answer to keep: the call repeated after a token refresh or while a read is behind. */
async function settle(request: Request, first: Response): Promise<Response> {
  let response = first;

  // An expired service token: fetch a new one once, then repeat the call.
  if (response.status === 401 && withServiceToken.has(request)) {
    const refresh = getTokenRefresher();
    if (refresh && (await refresh().catch(() => false))) {
      signWithServiceToken(request);
      response = await send(request);
    }
  }

  // A read the projections had not caught up with when the server stopped waiting for them (it
  // says so: X-Position-Reached: false) is asked again, a few times: otherwise an answer older
  // than the user's own write would undo what the page already shows (a heart just pressed).
  for (let retry = 1; retry <= STALE_READ_RETRIES && behindOwnWrites(request, response); retry++) {
    await new Promise((resolve) => setTimeout(resolve, STALE_READ_PAUSE_MS * retry));
    response = await send(request);
  }
  return response;
}

/** The `position` a command's answer carries in its body, if it does. */
async function positionInBody(response: Response): Promise<unknown> {
  try {
    const body: unknown = JSON.parse(await response.clone().text());
    return typeof body === 'object' && body !== null && 'position' in body
      ? body.position
      : undefined;
  } catch {
    return undefined;
  }
}

/** A read tells how far the projections are; a write, the position of its events. */
async function keepPositions(request: Request, response: Response): Promise<void> {
  if (!response.ok) return;
  if (request.method === 'GET') {
    observeProjection(
      response.headers.get('X-Projection-Position'),
      response.headers.get('X-Position-Reached'),
    );
  } else {
    recordPosition(response.headers.get('X-Event-Position'));
    recordPosition(await positionInBody(response));
  }
}

function apiMiddleware(access: Access): Middleware {
  return {
    onRequest({ request, params }) {
      if (params.query) withQuery.add(request);
      prepare(request, access);
    },
    async onResponse({ request, response }) {
      const kept = await settle(request, response);
      await keepPositions(request, kept);
      return kept;
    },
  };
}

/**
 * A client of one of the API's documents (`paths` as openapi-typescript generates them): a call
 * names its method and path as the document does, and its parameters and body are checked
 * against it.
 */
export function apiClient<Paths extends {}>(access: Access): Client<Paths> {
  const client = createClient<Paths>({
    baseUrl: STAND_IN_ORIGIN,
    Request: CarriedRequest,
    fetch: send,
    querySerializer: searchOf,
  });
  client.use(apiMiddleware(access));
  return client;
}

/** What a client's call resolves to: the body as `data` on success, as `error` otherwise. */
interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer's body and headers, or the ApiError its problem+json describes. */
export async function answerOf<T>(call: Promise<CallResult<T>>): Promise<ApiAnswer<T>> {
  const { data, error, response } = await call;
  if (!response.ok) throw problemOf(response.status, error);
  // An empty answer (a 204) has no body: data is undefined then, as the call's caller expects.
  return { data: data as T, headers: response.headers };
}

/** The answer's body, or the ApiError its problem+json describes. */
export async function dataOf<T>(call: Promise<CallResult<T>>): Promise<T> {
  return (await answerOf(call)).data;
}

/** A list read as a page: the array answer, the total from X-Total-Count, the next page's link. */
export async function listOf<T>(call: Promise<CallResult<T[]>>): Promise<Page<T>> {
  const { data, headers } = await answerOf(call);
  return pageOf(data, headers);
}

const estimatedHeader: typeof TOTAL_ESTIMATED_HEADER = 'X-Total-Count-Estimated';

/** The target of a relation in an RFC 8288 `Link` header, e.g. `rel="next"`. */
export function linkOf(header: string | null, rel: string): string | undefined {
  for (const match of (header ?? '').matchAll(/<([^>]*)>([^,<]*)/g)) {
    const rels = /;\s*rel="?([^";]+)"?/i.exec(match[2] ?? '')?.[1]?.split(/\s+/) ?? [];
    if (rels.includes(rel)) return match[1];
  }
  return undefined;
}

/** A list answer as a page: its items, its total and the next page's link. */
export function pageOf<T>(data: T[] | undefined, headers: Headers): Page<T> {
  const items = Array.isArray(data) ? data : [];
  const header = Number(headers.get('X-Total-Count'));
  return {
    items,
    total: Number.isFinite(header) && header > 0 ? header : items.length,
    estimated: headers.get(estimatedHeader) === 'true',
    next: linkOf(headers.get('Link'), 'next'),
  };
}

/** Plain words for any failure, for a toast. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.detail && error.detail !== error.title) return error.detail;
    return error.title;
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
