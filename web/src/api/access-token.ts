// The service token lives in localStorage under `access-token`.

export const ACCESS_TOKEN_KEY = 'access-token';

export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAccessToken(token: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
}

export function clearAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // storage unavailable: nothing to remove
  }
}

/** The email a stored token was issued for, read from its payload (not verified: the server does that). */
export function tokenEmail(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email : null;
  } catch {
    return null;
  }
}

type Refresher = () => Promise<boolean>;
let refresher: Refresher | null = null;

/** The auth layer registers how to get a fresh token when the server answers 401. */
export function setTokenRefresher(next: Refresher | null): void {
  refresher = next;
}

export function getTokenRefresher(): Refresher | null {
  return refresher;
}
