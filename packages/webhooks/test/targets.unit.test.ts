import { describe, expect, it } from 'vitest';
import { refusedAddress, refusedTarget, webhookSigningSecret } from '../src/index.ts';

describe('the network rules for webhook targets', () => {
  it('allows public unicast addresses only, by default', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) {
      expect(refusedAddress(address, 'public'), address).toBeUndefined();
    }
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      // IPv4-compatible IPv6: reached as the IPv4 address it carries.
      '::7f00:1',
      '::a9fe:a9fe',
      '::a00:1',
    ]) {
      expect(refusedAddress(address, 'public'), address).toMatch(/may not reach/);
    }
  });

  it('lets loopback in when asked, private networks when asked, link-local never', () => {
    expect(refusedAddress('127.0.0.1', 'loopback')).toBeUndefined();
    expect(refusedAddress('::1', 'loopback')).toBeUndefined();
    expect(refusedAddress('::ffff:127.0.0.1', 'loopback')).toBeUndefined();
    expect(refusedAddress('10.0.0.1', 'loopback')).toMatch(/private/);
    expect(refusedAddress('10.0.0.1', 'private')).toBeUndefined();
    expect(refusedAddress('fd00::1', 'private')).toBeUndefined();
    for (const policy of ['loopback', 'private'] as const) {
      expect(refusedAddress('169.254.169.254', policy)).toMatch(/link-local/);
      expect(refusedAddress('fe80::1', policy)).toMatch(/link-local/);
      expect(refusedAddress('224.0.0.1', policy)).toMatch(/multicast/);
      expect(refusedAddress('0.0.0.0', policy)).toMatch(/unspecified/);
    }
  });

  it('judges a URL by its scheme, its credentials and every address of its host', async () => {
    const resolve = async (host: string) =>
      ({
        'hooks.example.com': ['93.184.216.34'],
        'split.example.com': ['93.184.216.34', '10.1.1.1'],
      })[host] ?? [];
    expect(
      await refusedTarget('https://hooks.example.com/x', { policy: 'public' }, resolve),
    ).toBeUndefined();
    expect(await refusedTarget('ftp://hooks.example.com/x', { policy: 'public' }, resolve)).toMatch(
      /http/,
    );
    expect(
      await refusedTarget('https://a:b@hooks.example.com/', { policy: 'public' }, resolve),
    ).toMatch(/user name/);
    expect(
      await refusedTarget('https://split.example.com/', { policy: 'public' }, resolve),
    ).toMatch(/10\.1\.1\.1 is a private address/);
    expect(
      await refusedTarget('https://nowhere.example.com/', { policy: 'public' }, resolve),
    ).toMatch(/does not resolve/);
    expect(await refusedTarget('http://[::1]:8080/', { policy: 'public' }, resolve)).toMatch(
      /loopback/,
    );
    // The system's resolver: localhost is this machine.
    expect(await refusedTarget('http://localhost:9/', { policy: 'public' })).toMatch(/loopback/);
    expect(await refusedTarget('http://localhost:9/', { policy: 'loopback' })).toBeUndefined();
  });

  it('refuses every spelling of this machine on the marketplace’s own ports, and no other port', async () => {
    const rules = { policy: 'loopback', ownPorts: [3000, 9099] } as const;
    const resolve = async (host: string) =>
      ({ 'rebound.example.com': ['127.0.0.1'], 'v6.example.com': ['::1'] })[host] ?? [];
    for (const url of [
      'http://127.0.0.1:3000/',
      'http://127.0.0.1:9099/',
      'http://2130706433:3000/',
      'http://0177.0.0.1:3000/',
      'http://0x7f000001:3000/',
      'http://127.1:3000/',
      'http://[::1]:3000/',
      'http://[::ffff:127.0.0.1]:3000/',
      'http://[::ffff:7f00:1]:9099/',
      'http://[::7f00:1]:3000/',
      'http://rebound.example.com:3000/',
      'http://v6.example.com:9099/',
    ]) {
      expect(await refusedTarget(url, rules, resolve), url).toMatch(/marketplace's own/);
    }
    expect(await refusedTarget('http://127.0.0.1:4000/', rules, resolve)).toBeUndefined();
    expect(await refusedTarget('http://rebound.example.com:8080/', rules, resolve)).toBeUndefined();
    // Other policies refuse loopback whatever the port.
    expect(await refusedTarget('http://[::7f00:1]:4000/', { policy: 'public' }, resolve)).toMatch(
      /loopback/,
    );
  });
});

describe('the signing secret of an endpoint', () => {
  it('is derived from the server secret, the endpoint and its nonce: the same each time', () => {
    const server = 's'.repeat(40);
    const secret = webhookSigningSecret(server, 'w1', 'nonce-1');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(webhookSigningSecret(server, 'w1', 'nonce-1')).toBe(secret);
    expect(webhookSigningSecret(server, 'w2', 'nonce-1')).not.toBe(secret);
    expect(webhookSigningSecret(server, 'w1', 'nonce-2')).not.toBe(secret);
    expect(webhookSigningSecret('t'.repeat(40), 'w1', 'nonce-1')).not.toBe(secret);
  });
});
