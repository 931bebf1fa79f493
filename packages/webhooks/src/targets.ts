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

/**
 * Where webhooks may be sent: a policy, and the ports of the marketplace's own processes on
 * this machine (its HTTP port, the Auth Emulator's), which no webhook reaches on a loopback
 * address whatever the policy, so a key holder cannot read their answers through the delivery
 * log.
 */
export interface TargetRules {
  policy: TargetPolicy;
  ownPorts?: readonly number[];
}

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
 * An address as it is reached: IPv4-mapped (`::ffff:127.0.0.1`) and IPv4-compatible (`::7f00:1`)
 * IPv6 addresses as the IPv4 address they carry, since a connection to either reaches it.
 */
const reachedAddress = (address: string): ipaddr.IPv4 | ipaddr.IPv6 => {
  const parsed = ipaddr.process(address);
  if (parsed.kind() !== 'ipv6') return parsed;
  const bytes = parsed.toByteArray();
  const compatible = bytes.slice(0, 12).every((byte) => byte === 0);
  const carried = ipaddr.fromByteArray(bytes.slice(12)) as ipaddr.IPv4;
  // `::` and `::1` are IPv6's own unspecified and loopback addresses.
  return compatible && carried.toString() !== '0.0.0.0' && carried.toString() !== '0.0.0.1'
    ? carried
    : parsed;
};

/** Why an address may not be a webhook's target, or undefined when it may. */
export const refusedAddress = (address: string, policy: TargetPolicy): string | undefined => {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = reachedAddress(address);
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

/** True for an address of this machine or of a private network: its answers are not kept. */
export const isInsideAddress = (address: string): boolean =>
  refusedAddress(address, 'public') !== undefined;

/** Why `address` at `port` may not be reached, or undefined when it may. */
const refusedEndpoint = (address: string, port: number, rules: TargetRules) => {
  const refusal = refusedAddress(address, rules.policy);
  if (refusal) return refusal;
  if (rules.ownPorts?.includes(port) && reachedAddress(address).range() === 'loopback')
    return `${address}:${port} is the marketplace's own, which webhooks may not reach`;
  return undefined;
};

/** The port a URL connects to. */
export const portOf = (url: URL): number =>
  url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;

/**
 * The addresses a host may be reached at on `port`; throws `TargetRefusedError` when it has
 * none or any of them is refused (a name that resolves to both a public and a private address
 * is refused).
 */
export const allowedAddresses = async (
  host: string,
  port: number,
  rules: TargetRules,
  resolve: ResolveHost = systemResolver,
): Promise<string[]> => {
  if (isIP(host) !== 0) {
    const refusal = refusedEndpoint(host, port, rules);
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
    const refusal = refusedEndpoint(address, port, rules);
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
  rules: TargetRules,
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
    await allowedAddresses(hostOf(url), portOf(url), rules, resolve);
    return undefined;
  } catch (error) {
    if (error instanceof TargetRefusedError) return error.message;
    throw error;
  }
};
