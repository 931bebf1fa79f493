import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebApp, webAppCsp } from '../src/web-app.ts';

describe('the web app server', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'home-3f2a.js'), 'export {}');
    writeFileSync(join(dist, 'assets', 'home-3f2a.js.br'), 'brotli bytes');
    app = await buildWebApp({
      distDir: dist,
      appConfig: {
        productName: 'Second Gear',
        firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-x' },
        authEmulatorUrl: 'http://127.0.0.1:9099',
      },
    });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers client routes with index.html, never cached', async () => {
    const answer = await app.inject({ url: '/user/orders' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('id="root"');
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('lets pages load their own scripts and the sign-in service only, and never be framed', async () => {
    const answer = await app.inject({ url: '/' });
    const policy = Object.fromEntries(
      String(answer.headers['content-security-policy'])
        .split(';')
        .map((directive) => {
          const [name, ...values] = directive.trim().split(' ');
          return [name, values];
        }),
    );
    expect(policy['script-src']).toEqual(["'self'", 'https://apis.google.com']);
    expect(policy['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9099']);
    expect(policy['frame-src']).toEqual(['http://127.0.0.1:9099']);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(answer.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    // The assets and the configuration are answered with the same headers.
    const asset = await app.inject({ url: '/assets/home-3f2a.js' });
    expect(asset.headers['content-security-policy']).toBe(
      answer.headers['content-security-policy'],
    );
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
  });

  it('names the real sign-in service when there is no emulator', () => {
    const policy = webAppCsp({
      productName: 'Second Gear',
      firebase: { apiKey: 'k', authDomain: 'second-gear.firebaseapp.com', projectId: 'p' },
    });
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    expect(policy['frame-src']).toEqual(['https://second-gear.firebaseapp.com']);
  });

  it('caches hashed assets for a year', async () => {
    const answer = await app.inject({ url: '/assets/home-3f2a.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('hands a browser that takes Brotli the precompressed copy', async () => {
    const answer = await app.inject({
      url: '/assets/home-3f2a.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.body).toBe('brotli bytes');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404, not with the page', async () => {
    expect((await app.inject({ url: '/assets/gone-0000.js' })).statusCode).toBe(404);
  });

  it('serves the run-time configuration', async () => {
    const answer = await app.inject({ url: '/app-config.json' });
    expect(answer.json()).toMatchObject({
      productName: 'Second Gear',
      authEmulatorUrl: 'http://127.0.0.1:9099',
    });
  });

  it('refuses to start without a built client', async () => {
    await expect(
      buildWebApp({ distDir: join(dist, 'nowhere'), appConfig: {} as never }),
    ).rejects.toThrow(/not built/);
  });
});
