import { isIP } from 'node:net';

/**
 * The names a process answers in a request's Host header. A page on another site can point its
 * own name at this machine (DNS rebinding) and then call this process from the visitor's
 * browser as if it were that site, reading every answer; the browser names that site in Host,
 * so a name nobody configured is refused. Always answered besides the configured names: an
 * address (`127.0.0.1`, `[::1]`, `10.0.0.5`), which a browser sends only when its user typed
 * it and which an orchestrator's probe sends; and `localhost` with its subdomains, which every
 * browser keeps on this machine.
 */
export type HostRule = { readonly names: ReadonlySet<string> };

/**
 * The public address of a process that was told none: where the gateway and the all-in-one
 * listen by default, on this machine.
 */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

/** The host name of an address such as `https://cars.example.com:8443`, lower case. */
const hostNameOf = (address: string): string => new URL(address).hostname.toLowerCase();

/**
 * The rule of a process: the host of its public address (PUBLIC_URL), when it has one, and the
 * names it is told (ALLOWED_HOSTS).
 */
export const hostRule = (options: {
  publicUrl?: string | undefined;
  allowed?: readonly string[] | undefined;
}): HostRule => {
  const names = new Set((options.allowed ?? []).map((name) => name.toLowerCase()));
  if (options.publicUrl !== undefined) names.add(hostNameOf(options.publicUrl));
  return { names };
};

/** A Host header's name: lower case, without its port, its IPv6 brackets or a final dot. */
export const hostNameOfHeader = (header: string): string => {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return value.slice(1, end === -1 ? undefined : end);
  }
  const colon = value.lastIndexOf(':');
  const name = colon === -1 ? value : value.slice(0, colon);
  return name.endsWith('.') ? name.slice(0, -1) : name;
};

/**
 * Whether a request sent by a page of `origin` (its Origin header) is answered: none (not sent
 * by a page's script), or one whose host the rule answers. `null` (a sandboxed or opaque page)
 * is not. For a server that, like the Auth Emulator, lets any page read its answers (CORS `*`).
 */
export const answersOrigin = (rule: HostRule, origin: string | undefined): boolean => {
  if (origin === undefined) return true;
  try {
    return answersHost(rule, new URL(origin).host);
  } catch {
    return false;
  }
};

/**
 * Whether a request naming `header` as its Host is answered. A request without one comes from
 * no browser (every browser sends it), so it has nothing to rebind, and is answered.
 */
export const answersHost = (rule: HostRule, header: string | undefined): boolean => {
  if (header === undefined) return true;
  const name = hostNameOfHeader(header);
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) !== 0) return true;
  return rule.names.has(name);
};
