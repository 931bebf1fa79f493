import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colorModeScript, pageReadersOver } from '../src/page-head.ts';
import { buildWebApp, webAppCsp } from '../src/web-app.ts';
import { BUILT_INDEX_HTML } from './testing.ts';

/** The page's head tags as [name or property, content] pairs, in order. */
const metaTags = (html: string) =>
  [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)].map(
    (m) => [m[1], m[2]] as const,
  );
const metaOf = (html: string, key: string) => metaTags(html).find(([k]) => k === key)?.[1];

describe('the web app server', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), BUILT_INDEX_HTML);
    writeFileSync(join(dist, 'assets', 'home-3f2a.js'), 'export {}');
    writeFileSync(join(dist, 'assets', 'home-3f2a.js.br'), 'brotli bytes');
    app = await buildWebApp({
      distDir: dist,
      appConfig: {
        productName: 'Second Gear',
        firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-x' },
        authEmulatorUrl: 'http://127.0.0.1:9099',
      },
      publicUrl: 'http://shop.test:8080',
    });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers client routes with index.html, never cached', async () => {
    const answer = await app.inject({ url: '/user/orders' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('id="root"');
    expect(answer.body).toContain('<script type="module" crossorigin src="/assets/index-1a2b.js">');
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('gives each public page its own title, description and canonical link', async () => {
    const home = await app.inject({ url: '/' });
    // index.html's own title and description are replaced, not repeated.
    expect(home.body.match(/<title>/g)).toHaveLength(1);
    expect(home.body.match(/name="description"/g)).toHaveLength(1);
    expect(home.body).toContain('<title>Home | Second Gear</title>');
    expect(home.body).toContain('<link rel="canonical" href="http://shop.test:8080/" />');
    expect(metaOf(home.body, 'og:url')).toBe('http://shop.test:8080/');
    expect(metaOf(home.body, 'og:site_name')).toBe('Second Gear');
    expect(metaOf(home.body, 'twitter:card')).toBe('summary');
    expect(metaOf(home.body, 'robots')).toBeUndefined();
    // The tags are in the head.
    expect(home.body.indexOf('<link rel="canonical"')).toBeLessThan(home.body.indexOf('</head>'));

    const search = await app.inject({
      url: '/products?make=Toyota&cursor=abc&page=3&limit=20&sort=price_asc',
    });
    expect(search.body).toContain('<title>All Cars | Second Gear</title>');
    expect(search.body).toContain(
      '<link rel="canonical" href="http://shop.test:8080/products?make=Toyota&amp;sort=price_asc" />',
    );

    const category = await app.inject({ url: '/category/Sports%20%26%20%3Cmore%3E' });
    expect(category.body).toContain('<title>Sports &amp; &lt;more&gt; | Second Gear</title>');
    expect(category.body).toContain('/category/Sports%20%26%20%3Cmore%3E" />');

    const blog = await app.inject({ url: '/blog/' });
    expect(blog.body).toContain('<title>Blog | Second Gear</title>');
  });

  it('asks search engines to leave sign-in, dashboards and unknown pages out', async () => {
    for (const url of ['/login', '/register', '/user', '/user/orders', '/no/such/page']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(metaOf(answer.body, 'robots'), url).toBe('noindex');
      expect(answer.body, url).not.toContain('rel="canonical"');
    }
    expect(metaOf((await app.inject({ url: '/products' })).body, 'robots')).toBeUndefined();
  });

  it('answers a car page with the generic head when nothing reads cars', async () => {
    const answer = await app.inject({ url: '/car/abc' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<title>Second Gear</title>');
    expect(answer.body).not.toContain('application/ld+json');
  });

  it('tells crawlers where they may go and where the sitemap is', async () => {
    const answer = await app.inject({ url: '/robots.txt' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = answer.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /user/',
        'Disallow: /api/',
        'Sitemap: http://shop.test:8080/sitemap.xml',
      ]),
    );
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
    // Besides its own files, the colour mode's inline script (by its hash) and Google sign-in.
    expect(policy['script-src']).toEqual([
      "'self'",
      colorModeScript.source,
      'https://apis.google.com',
    ]);
    expect(colorModeScript.source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
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

  it('names the configured origin, whatever the request says', async () => {
    const configured = await buildWebApp({
      distDir: dist,
      appConfig: {
        productName: 'Second Gear',
        firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
      },
      publicUrl: 'https://cars.example.com',
    });
    try {
      const page = await configured.inject({ url: '/blog', headers: { host: 'evil.test' } });
      expect(page.body).toContain('<link rel="canonical" href="https://cars.example.com/blog" />');
      expect(page.body).not.toContain('evil.test');
      const robots = await configured.inject({
        url: '/robots.txt',
        headers: { host: 'evil.test' },
      });
      expect(robots.body).toContain('Sitemap: https://cars.example.com/sitemap.xml');
    } finally {
      await configured.close();
    }
  });

  it('refuses to start without a built client', async () => {
    await expect(
      buildWebApp({
        distDir: join(dist, 'nowhere'),
        appConfig: {} as never,
        publicUrl: 'http://shop.test',
      }),
    ).rejects.toThrow(/not built/);
  });
});

/** The app's run-time configuration, for the servers that log. */
const appConfig = {
  productName: 'Second Gear',
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
};

/** A logger of warnings and worse, each line parsed into `logs`. */
const warningsInto = (logs: Record<string, unknown>[]) => ({
  level: 'warn',
  stream: new Writable({
    write(chunk, _encoding, done) {
      logs.push(JSON.parse(String(chunk)));
      done();
    },
  }),
});

describe('a car page whose car cannot be read', () => {
  let dist: string;
  let silent: Server;
  const logs: Record<string, unknown>[] = [];

  /** A web app reading cars from `upstream`, logging into `logs`. */
  const webAppReadingFrom = (upstream: string, carReadTimeoutMs: number) =>
    buildWebApp({
      distDir: dist,
      appConfig,
      publicUrl: 'http://shop.test',
      logger: warningsInto(logs),
      carReadTimeoutMs,
      readPage: pageReadersOver(async (path, signal) => {
        const answer = await fetch(new URL(path, upstream), { signal });
        return { status: answer.status, json: () => answer.json() };
      }),
    });

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(dist, 'index.html'), BUILT_INDEX_HTML);
    // Takes requests and never answers them.
    silent = createServer(() => {});
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
  });

  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((done) => silent.close(done));
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers 200 with the generic head when the query side is down, and says so', async () => {
    // A port nothing listens on: the silent server's, once closed.
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const { port } = closed.address() as AddressInfo;
    await new Promise((done) => closed.close(done));
    const app = await webAppReadingFrom(`http://127.0.0.1:${port}`, 1500);
    try {
      logs.length = 0;
      const answer = await app.inject({ url: '/car/c-1' });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('id="root"');
      expect(answer.body).toContain('<title>Second Gear</title>');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(logs).toContainEqual(
        expect.objectContaining({
          level: 40,
          carId: 'c-1',
          msg: 'car page answered without its car',
        }),
      );
    } finally {
      await app.close();
    }
  });

  it('gives up on a silent query side after its timeout', async () => {
    const { port } = silent.address() as AddressInfo;
    const app = await webAppReadingFrom(`http://127.0.0.1:${port}`, 200);
    try {
      logs.length = 0;
      const started = performance.now();
      const answer = await app.inject({ url: '/car/c-2' });
      expect(performance.now() - started).toBeLessThan(1500);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('<title>Second Gear</title>');
      expect(logs).toContainEqual(expect.objectContaining({ level: 40, carId: 'c-2' }));
    } finally {
      await app.close();
    }
  });
});

describe("the public pages rendered by the web build's renderer", () => {
  let dist: string;
  const logs: Record<string, unknown>[] = [];
  const asked: string[] = [];

  // A stand-in for web/dist/server/entry-server.js with the same export: it renders what its
  // transport reads, leaves /user/ to the browser, fails on /broken and is slow on /slow.
  const RENDERER = `
export function createPageRenderer(transport) {
  return async (url) => {
    if (url.startsWith('/user')) return undefined;
    if (url.startsWith('/broken')) throw new Error('the renderer broke');
    if (url.startsWith('/slow')) await new Promise((done) => setTimeout(done, 2000));
    const answer = await transport('/api/product/c-1', { headers: { accept: 'application/json' } });
    const car = await answer.json();
    return { html: '<main><h1>' + car.name + ' $' + car.price + '</h1></main>', state: '{"queries":[]}' };
  };
}
`;

  const webApp = () =>
    buildWebApp({
      distDir: dist,
      appConfig,
      publicUrl: 'http://shop.test',
      logger: warningsInto(logs),
      renderTimeoutMs: 300,
      readQuery: async (path, init) => {
        asked.push(`${path} ${new Headers(init.headers).get('accept')}`);
        return new Response(JSON.stringify({ name: 'Toyota Corolla', price: 12500 }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });

  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'server'));
    writeFileSync(join(dist, 'index.html'), BUILT_INDEX_HTML);
    writeFileSync(join(dist, 'server', 'entry-server.js'), RENDERER);
    app = await webApp();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('puts the rendered page in the root element, its state beside it, reading through readQuery', async () => {
    asked.length = 0;
    const answer = await app.inject({ url: '/blog' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(
      '<div id="root"><main><h1>Toyota Corolla $12500</h1></main></div>\n    <script type="application/json" id="page-state">{"queries":[]}</script>',
    );
    // The head is still the page's, and the app's script still loads.
    expect(answer.body).toContain('<title>Blog | Second Gear</title>');
    expect(answer.body).toContain('src="/assets/index-1a2b.js"');
    expect(asked).toEqual(['/api/product/c-1 application/json']);
  });

  it('compresses a rendered page for a browser that takes it', async () => {
    const answer = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(answer.rawPayload).toString()).toContain('Toyota Corolla');
  });

  it('renders nothing for a HEAD request', async () => {
    asked.length = 0;
    const answer = await app.inject({ method: 'HEAD', url: '/' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(asked).toEqual([]);
  });

  it('sends the shell for pages the renderer leaves to the browser', async () => {
    const answer = await app.inject({ url: '/user/orders' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<div id="root"></div>');
    expect(answer.body).not.toContain('page-state');
  });

  it('sends the shell, and says why, when rendering fails or is too slow', async () => {
    logs.length = 0;
    for (const url of ['/broken', '/slow']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('<div id="root"></div>');
    }
    expect(logs.map((line) => line.msg)).toEqual([
      'page sent unrendered: rendering failed',
      'page sent unrendered: rendering took too long',
    ]);
  });

  it('sets the colour mode with the one inline script, which its CSP allows by hash', async () => {
    const answer = await app.inject({ url: '/' });
    const inline = [...answer.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    const scriptSrc = /script-src ([^;]+)/.exec(
      String(answer.headers['content-security-policy']),
    )?.[1];
    expect(scriptSrc?.split(' ')).toContain(`'sha256-${hash}'`);
    expect(inline[0]).toContain("localStorage.getItem('theme')");
  });

  it('does not serve the renderer itself', async () => {
    const answer = await app.inject({ url: '/server/entry-server.js' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('createPageRenderer');
  });
});
