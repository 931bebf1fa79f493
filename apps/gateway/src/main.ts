import { createServer } from 'node:http';
import { gatewaySettings, hostRule, loadEnvOrExit, reportFailuresOf } from '@second-gear/config';
import { refusedHost } from '@second-gear/service-http';
import { pageReadersOver } from './page-head.ts';
import { buildProxy } from './proxy.ts';
import { type FollowedVersion, followQueryVersion } from './query-version.ts';
import { targetFor } from './routes.ts';
import { buildWebApp } from './web-app.ts';

/** The gateway of the distributed deployment: one public port in front of the services. */
const settings = loadEnvOrExit(gatewaySettings);
reportFailuresOf('gateway');
const emulator = settings.FIREBASE_AUTH_EMULATOR_HOST;
// Without PUBLIC_URL, the gateway is this machine's, at its own port.
const publicUrl = settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`;
const hosts = hostRule({ publicUrl, allowed: settings.ALLOWED_HOSTS });

// A read the page no longer waits for is not left hanging on a slow query service.
const readQuery = (path: string, init: RequestInit) =>
  fetch(new URL(path, settings.QUERY_URL), {
    ...init,
    signal: init.signal ?? AbortSignal.timeout(5000),
  });

let version: FollowedVersion | undefined;
const web = await buildWebApp({
  distDir: settings.WEB_DIST,
  appConfig: {
    productName: 'Second Gear',
    firebase: {
      apiKey: settings.FIREBASE_API_KEY,
      authDomain:
        settings.FIREBASE_AUTH_DOMAIN ?? `${settings.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      projectId: settings.FIREBASE_PROJECT_ID,
    },
    ...(emulator ? { authEmulatorUrl: `http://${emulator}` } : {}),
  },
  logger: { level: settings.LOG_LEVEL },
  publicUrl,
  trustedProxies: settings.TRUSTED_PROXIES,
  // A page's car and its content are read from the query service directly, not through the
  // proxy.
  readPage: pageReadersOver(async (path, signal) => {
    const answer = await readQuery(path, { signal, headers: { accept: 'application/json' } });
    if (answer.status !== 200) await answer.body?.cancel();
    return { status: answer.status, json: () => answer.json() };
  }),
  readQuery,
  // Visitors' pages are kept at the query service's version, which it streams here.
  pageVersion: () => version?.current(),
});
await web.ready();
version = followQueryVersion(settings.QUERY_URL, web.log);

const proxies = {
  query: await buildProxy({
    upstream: new URL(settings.QUERY_URL),
    logger: web.log,
    trustedProxies: settings.TRUSTED_PROXIES,
  }),
  command: await buildProxy({
    upstream: new URL(settings.COMMAND_URL),
    logger: web.log,
    trustedProxies: settings.TRUSTED_PROXIES,
  }),
};
await Promise.all([proxies.query.ready(), proxies.command.ready()]);

const server = createServer((req, res) => {
  if (refusedHost(hosts, req, res)) return;
  const target = targetFor(req.method ?? 'GET', req.url ?? '/');
  if (target === 'web') {
    web.routing(req, res);
    return;
  }
  const started = performance.now();
  res.on('finish', () =>
    web.log.info(
      {
        method: req.method,
        url: req.url,
        target,
        statusCode: res.statusCode,
        ms: Math.round(performance.now() - started),
      },
      'proxied',
    ),
  );
  proxies[target].routing(req, res);
});

server.listen(settings.PORT, settings.HOST, () =>
  web.log.info(`gateway listening on http://${settings.HOST}:${settings.PORT}`),
);

const stop = () => {
  version?.stop();
  server.close();
  server.closeAllConnections();
  void web.close();
  void proxies.query.close();
  void proxies.command.close();
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
