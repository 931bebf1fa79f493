import type { IncomingMessage, ServerResponse } from 'node:http';
import { type HostRule, hostRule } from '@second-gear/config';
import type { EventStore } from '@second-gear/event-store';
import type { ReadModelDb } from '@second-gear/read-model';
import {
  DATA_ANSWER_HEADERS,
  type Readiness,
  type Registry,
  readinessAnswer,
  refusedHost,
  sendMetrics,
} from '@second-gear/service-http';
import type { Logger } from 'pino';
import { subscriptionsHealth } from './health.ts';
import type { RunningReactors } from './reactions/reactor.ts';
import type { RunningProjections } from './start-projections.ts';

export interface ProjectionServiceHttpOptions {
  store: Pick<EventStore, 'headPosition'>;
  db: ReadModelDb;
  projections: Pick<RunningProjections, 'positions' | 'refusals' | 'failures'>;
  reactors: Pick<RunningReactors, 'states'>;
  /** Served as `GET /metrics`. */
  metrics: Registry;
  /** What `GET /health/ready` answers (see `subscriptionsReadiness`). */
  ready: () => Promise<Readiness>;
  log?: Pick<Logger, 'warn'>;
  /** The Host names answered besides addresses and `localhost` (421 otherwise). */
  hosts?: HostRule;
}

const SERVICE = 'projection-service';

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, {
    ...DATA_ANSWER_HEADERS,
    'content-type': 'application/json',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
};

/**
 * The projection service's small HTTP face (it serves no API): `GET /health` with each
 * projection's position, `/health/live`, `/health/ready` and `/metrics`.
 */
export const projectionServiceHttp =
  (options: ProjectionServiceHttpOptions) =>
  async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (refusedHost(options.hosts ?? hostRule({}), request, response)) return;
    const path = (request.url ?? '/').split('?', 1)[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') return notFound(response);
    try {
      switch (path) {
        case '/health':
          return json(response, ...(await health(options)));
        case '/health/live':
          return json(response, 200, { status: 'live', service: SERVICE });
        case '/health/ready': {
          const { statusCode, body } = await readinessAnswer(SERVICE, options.ready);
          return json(response, statusCode, body);
        }
        case '/metrics':
          return await sendMetrics(options.metrics, response);
        default:
          return notFound(response);
      }
    } catch (error) {
      options.log?.warn({ err: error, path }, 'health check failed');
      json(response, 503, { status: 'unavailable', service: SERVICE });
    }
  };

const health = async ({
  store,
  db,
  projections,
  reactors,
}: ProjectionServiceHttpOptions): Promise<[number, unknown]> => {
  const head = await store.headPosition();
  const positions = Object.fromEntries(
    Object.entries(projections.positions()).map(([name, p]) => [name, p?.toString() ?? null]),
  );
  const { status, ...subscriptions } = await subscriptionsHealth({ db, projections, reactors });
  return [
    status === 'failing' ? 503 : 200,
    { status, service: SERVICE, head: head?.toString() ?? null, positions, ...subscriptions },
  ];
};

const notFound = (response: ServerResponse) => {
  response.writeHead(404, { ...DATA_ANSWER_HEADERS, 'content-type': 'application/problem+json' });
  response.end(
    JSON.stringify({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Only GET /health, /health/live, /health/ready and /metrics are served here.',
    }),
  );
};
