// A page elsewhere must not reach the marketplace on a developer's machine under its own name
// (DNS rebinding): the one port and the Auth Emulator it starts refuse a Host nobody configured.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { askWithHost, signUpUser, uniqueEmail } from '@second-gear/identity/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMarketplace } from '../src/marketplace.ts';
import { startBareMarketplace } from './support.ts';

const FOREIGN = 'rebind.attacker.example';

describe('the hosts the all-in-one answers', () => {
  let dataDir: string;
  let marketplace: RunningMarketplace;
  let idToken: string;
  const email = uniqueEmail('rebind');

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sg-all-in-one-hosts-'));
    marketplace = await startBareMarketplace(dataDir, {
      // Its own emulator this time: the one a developer's `npm start` runs.
      authEmulatorHost: undefined,
      authEmulatorPort: 0,
      publicUrl: 'https://cars.example.com',
      allowedHosts: ['market.lan'],
    });
    idToken = (
      await signUpUser(marketplace.authEmulator.host, {
        email,
        password: 'rebind-password',
      })
    ).idToken;
  }, 120_000);
  afterAll(async () => {
    await marketplace?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a foreign name on every kind of request, with a problem and the usual headers', async () => {
    for (const [path, init] of [
      ['/api/products', {}],
      [`/api/jwt?email=${email}`, { headers: { authorization: `Bearer ${idToken}` } }],
      [
        '/api/category',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"X"}' },
      ],
      ['/health', {}],
      ['/metrics', {}],
      ['/', {}],
    ] as const) {
      for (const host of [FOREIGN, `${FOREIGN}:3000`, 'cars.example.com.attacker.example']) {
        const answer = await askWithHost(`${marketplace.url}${path}`, host, init);
        expect(answer.status, `${host} ${path}`).toBe(421);
        expect(answer.headers['content-type']).toBe('application/problem+json');
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(JSON.parse(answer.body)).toMatchObject({
          status: 421,
          title: 'Misdirected Request',
        });
      }
    }
  });

  it('exchanges an ID token only under its own names', async () => {
    const exchange = (host: string) =>
      askWithHost(`${marketplace.url}/api/jwt?email=${encodeURIComponent(email)}`, host, {
        headers: { authorization: `Bearer ${idToken}` },
      });
    expect((await exchange(FOREIGN)).status).toBe(421);
    // The token is taken (the user has not registered yet, hence 404) under every configured name.
    for (const host of ['cars.example.com', 'market.lan:3000', 'localhost:3000', '127.0.0.1']) {
      expect((await exchange(host)).status, host).toBe(404);
    }
  });

  it('starts the Auth Emulator so that it too refuses a foreign name', async () => {
    const signUp = `${marketplace.authEmulator.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('foreign'), password: 'foreign-password' }),
    };
    expect((await askWithHost(signUp, FOREIGN, init)).status).toBe(421);
    expect((await askWithHost(signUp, 'cars.example.com', init)).status).toBe(200);
  });

  it('writes absolute links with its public address, never the request’s Host', async () => {
    const robots = await askWithHost(`${marketplace.url}/robots.txt`, 'localhost:3000');
    expect(robots.body).toContain('Sitemap: https://cars.example.com/sitemap.xml');
    const sitemap = await askWithHost(`${marketplace.url}/sitemap.xml`, '127.0.0.1:3000');
    expect(sitemap.body).toContain('<loc>https://cars.example.com/sitemaps/pages.xml</loc>');
    expect(sitemap.body).not.toContain('127.0.0.1');
  });
});
