// Installs the OpenTelemetry SDK in a process: traces of HTTP (in and out), Fastify's routes and
// PostgreSQL queries, exported over OTLP as the standard OTEL_* variables configure it.
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';

/** Probes and scrapes: asked every few seconds, and worth no trace. */
const UNTRACED = /^\/(health|metrics)(\/|\?|$)/;

export interface TracingOptions {
  /** `service.name` of the spans, unless OTEL_SERVICE_NAME says otherwise. */
  serviceName: string;
  /** Where spans go; by default one OTLP exporter configured from the environment. */
  spanProcessors?: SpanProcessor[];
}

export interface Tracing {
  /** Exports what is still buffered and stops. */
  shutdown(): Promise<void>;
}

export const startTracing = ({ serviceName, spanProcessors }: TracingOptions): Tracing => {
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME?.trim() || serviceName,
    ...(spanProcessors ? { spanProcessors } : {}),
    // Traces only: logs go to the process's own log, metrics to its /metrics.
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED.test(request.url ?? ''),
        // A call out of no traced work (to the sign-in service at start, say) is noise too.
        requireParentforOutgoingSpans: true,
      }),
      // A query outside any traced work (a projection polling its checkpoint) is noise.
      new PgInstrumentation({ requireParentSpan: true }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: ({ url }: { url: string }) => UNTRACED.test(url),
      }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
};
