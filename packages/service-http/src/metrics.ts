import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import {
  Counter,
  type CounterConfiguration,
  collectDefaultMetrics,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  Registry,
} from 'prom-client';

export type { Registry } from 'prom-client';

/** Prometheus' text format, version 0.0.4. */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/**
 * The registry of one process: Node's own metrics (memory, event loop, GC, handles), every
 * series labelled `service` with the process' name. The all-in-one makes one and hands it to
 * each of its parts, so a scrape sees all of them.
 */
export const createMetricsRegistry = (service: string): Registry => {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
};

// Get-or-create: parts that share a registry (the command and query services in the
// all-in-one) share each metric rather than registering it twice, which prom-client refuses.
export const counterIn = <L extends string>(
  registry: Registry,
  config: Omit<CounterConfiguration<L>, 'registers'>,
): Counter<L> =>
  (registry.getSingleMetric(config.name) as Counter<L> | undefined) ??
  new Counter({ ...config, registers: [registry] });

export const gaugeIn = <L extends string>(
  registry: Registry,
  config: Omit<GaugeConfiguration<L>, 'registers'>,
): Gauge<L> =>
  (registry.getSingleMetric(config.name) as Gauge<L> | undefined) ??
  new Gauge({ ...config, registers: [registry] });

export const histogramIn = <L extends string>(
  registry: Registry,
  config: Omit<HistogramConfiguration<L>, 'registers'>,
): Histogram<L> =>
  (registry.getSingleMetric(config.name) as Histogram<L> | undefined) ??
  new Histogram({ ...config, registers: [registry] });

/** Request latency buckets, in seconds: from a cached answer to a slow search. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Counts every request a Fastify app answers and times it, by method, route and status. The
 * route is the pattern the router matched (`/api/product/:id`), never the URL, so ids do not
 * make a series each; a request no route matched counts under `(unmatched)`. `service` names the
 * app, which in the all-in-one tells its parts apart.
 */
export const measureHttp = (app: FastifyInstance, registry: Registry, service: string): void => {
  const labelNames = ['service', 'method', 'route', 'status_code'] as const;
  const requests = counterIn(registry, {
    name: 'http_requests_total',
    help: 'HTTP requests answered, by service, method, route pattern and status code.',
    labelNames,
  });
  const duration = histogramIn(registry, {
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by service, method, route pattern and status code.',
    labelNames,
    buckets: LATENCY_BUCKETS,
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      service,
      method: request.method,
      route: request.routeOptions.url ?? '(unmatched)',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
};

/** Answers a scrape: every metric of the registry in the text format. */
export const metricsText = async (registry: Registry) => ({
  contentType: METRICS_CONTENT_TYPE,
  body: await registry.metrics(),
});

/** `GET /metrics` for a plain Node server (the projection service, the all-in-one). */
export const sendMetrics = async (registry: Registry, response: ServerResponse): Promise<void> => {
  const { contentType, body } = await metricsText(registry);
  response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(body);
};

/** Whether a request came over a loopback address (the machine itself). */
export const fromLoopback = (request: IncomingMessage): boolean => {
  const address = request.socket.remoteAddress ?? '';
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
};
