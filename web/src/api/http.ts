// One door to the API: tokens, read-your-writes positions and problem+json errors.
import type { ProblemAnswer, TOTAL_ESTIMATED_HEADER } from '@second-gear/contracts';
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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body, or FormData for uploads. */
  body?: unknown;
  /** Send the service token (the default for everything but public reads). */
  auth?: boolean;
  /** Send a Firebase ID token instead of the service token (sign-up and token exchange). */
  idToken?: string;
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

async function toApiError(response: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    // not JSON: fall back to the status text
  }
  const title =
    typeof body.title === 'string'
      ? body.title
      : (STATUS_TITLES[response.status] ?? `Request failed (${response.status})`);
  const detail = typeof body.detail === 'string' ? body.detail : undefined;
  const fieldErrors = Array.isArray(body.errors)
    ? body.errors.filter(
        (e): e is FieldProblem =>
          typeof e === 'object' && e !== null && 'field' in e && 'message' in e,
      )
    : [];
  return new ApiError(response.status, title, detail, fieldErrors);
}

function buildHeaders(options: RequestOptions, method: string, key: string | null): Headers {
  const headers = new Headers({ Accept: 'application/json, application/problem+json' });
  // The same key on a repeated command (after a token refresh) makes the repeat safe.
  if (key) headers.set('Idempotency-Key', key);
  if (options.idToken) {
    headers.set('Authorization', `Bearer ${options.idToken}`);
  } else if (options.auth) {
    const token = getAccessToken();
    if (token) headers.set('Authorization', `bearer ${token}`);
  }
  if (method === 'GET') {
    const position = minPosition();
    if (position) headers.set('X-Min-Position', position);
  }
  if (options.body !== undefined && !(options.body instanceof FormData)) {
    headers.set('Content-Type', 'application/json');
  }
  return headers;
}

/** Sends one API request: `path` starts with `/api/`. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

// In the browser the API is the page's own origin. A server rendering a page sets its own way
// to the query side (`setApiTransport`) before its first read.
let transport: ApiTransport = (path, init) => fetch(path, init);

export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

async function send(
  path: string,
  options: RequestOptions,
  method: string,
  key: string | null,
): Promise<Response> {
  const body =
    options.body === undefined
      ? undefined
      : options.body instanceof FormData
        ? options.body
        : JSON.stringify(options.body);
  try {
    return await transport(`/api${path}`, {
      method,
      headers: buildHeaders(options, method, key),
      body,
    });
  } catch {
    throw new ApiError(0, 'Network error', 'Could not reach the server. Please try again.');
  }
}

/** How many times a read still behind the user's own writes is asked again, and the pause. */
const STALE_READ_RETRIES = 3;
const STALE_READ_PAUSE_MS = 100;

export async function apiRequest<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  const method = options.method ?? 'GET';
  const key = method === 'GET' ? null : newIdempotencyKey();
  let response = await send(path, options, method, key);

  // An expired service token: fetch a new one once, then repeat the call.
  if (response.status === 401 && options.auth && !options.idToken) {
    const refresh = getTokenRefresher();
    if (refresh && (await refresh().catch(() => false))) {
      response = await send(path, options, method, key);
    }
  }

  // A read the projections had not caught up with when the server stopped waiting for them (it
  // says so: X-Position-Reached: false) is asked again, a few times: otherwise an answer older
  // than the user's own write would undo what the page already shows (a heart just pressed).
  for (
    let retry = 1;
    retry <= STALE_READ_RETRIES &&
    method === 'GET' &&
    response.ok &&
    minPosition() !== null &&
    response.headers.get('X-Position-Reached') === 'false';
    retry++
  ) {
    await new Promise((resolve) => setTimeout(resolve, STALE_READ_PAUSE_MS * retry));
    response = await send(path, options, method, key);
  }

  if (!response.ok) throw await toApiError(response);

  const text = response.status === 204 ? '' : await response.text();
  const data = (text ? JSON.parse(text) : undefined) as T;

  if (method === 'GET') {
    observeProjection(
      response.headers.get('X-Projection-Position'),
      response.headers.get('X-Position-Reached'),
    );
  } else {
    recordPosition(response.headers.get('X-Event-Position'));
    if (data && typeof data === 'object' && 'position' in data) {
      recordPosition((data as { position: unknown }).position);
    }
  }
  return { data, headers: response.headers };
}

export async function apiGet<T>(path: string, auth = false): Promise<T> {
  return (await apiRequest<T>(path, { auth })).data;
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

/** A list read: the array answer, the total from X-Total-Count and the next page's link. */
export async function apiList<T>(path: string, auth = false): Promise<Page<T>> {
  const { data, headers } = await apiRequest<T[]>(path, { auth });
  return pageOf(data, headers);
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
