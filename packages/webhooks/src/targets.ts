import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where webhooks may be sent. `public`: only public unicast addresses (the distributed mode's
 * default). `loopback`: this machine too (the all-in-one's default, for local development).
 * `private`: also the private networks (10/8, 172.16/12, 192.168/16, fc00::/7). Link-local
 * (cloud metadata at 169.254.169.254), multicast, broadcast, unspecified and reserved addresses
 * are never allowed.
 */
export const targetPolicies = ['public', 'loopback', 'private'] as const;
export type TargetPolicy = (typeof targetPolicies)[number];

const allowedRanges: Record<TargetPolicy, ReadonlySet<string>> = {
  public: new Set(['unicast']),
  loopback: new Set(['unicast', 'loopback']),
  private: new Set(['unicast', 'loopback', 'private', 'uniqueLocal']),
};

/** The words a refusal names a range with. */
const rangeWords: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  uniqueLocal: 'a unique-local address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  unspecified: 'the unspecified address',
  broadcast: 'a broadcast address',
  carrierGradeNat: 'a carrier-grade NAT address',
};

/**
 * Why an address may not be a webhook's target, or undefined when it may. IPv4-mapped IPv6
 * (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries.
 */
export const refusedAddress = (address: string, policy: TargetPolicy): string | undefined => {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return `${address} is not an IP address`;
  }
  const range = parsed.range();
  if (allowedRanges[policy].has(range)) return undefined;
  return `${address} is ${rangeWords[range] ?? `a ${range} address`}, which webhooks may not reach`;
};

export class TargetRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefusedError';
  }
}

/** Resolves a host name to every address it has (the system resolver, as connections do). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const systemResolver: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** A URL's host as a resolver or `isIP` takes it: IPv6 literals without their brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The addresses a host may be reached at; throws `TargetRefusedError` when it has none or any
 * of them is refused (a name that resolves to both a public and a private address is refused).
 */
export const allowedAddresses = async (
  host: string,
  policy: TargetPolicy,
  resolve: ResolveHost = systemResolver,
): Promise<string[]> => {
  if (isIP(host) !== 0) {
    const refusal = refusedAddress(host, policy);
    if (refusal) throw new TargetRefusedError(refusal);
    return [host];
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    throw new TargetRefusedError(`${host} does not resolve (${(error as Error).message})`);
  }
  if (addresses.length === 0) throw new TargetRefusedError(`${host} does not resolve`);
  for (const address of addresses) {
    const refusal = refusedAddress(address, policy);
    if (refusal) throw new TargetRefusedError(`${host} resolves to ${refusal}`);
  }
  return addresses;
};

/**
 * Why a URL may not be a webhook's target, or undefined when it may: only http and https, no
 * user name or password, and a host whose every address the policy allows.
 */
export const refusedTarget = async (
  target: string,
  policy: TargetPolicy,
  resolve: ResolveHost = systemResolver,
): Promise<string | undefined> => {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'Must be an http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Must be an http or https URL';
  if (url.username !== '' || url.password !== '') return 'Must not carry a user name or password';
  try {
    await allowedAddresses(hostOf(url), policy, resolve);
    return undefined;
  } catch (error) {
    if (error instanceof TargetRefusedError) return error.message;
    throw error;
  }
};
