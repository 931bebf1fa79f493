// What the services' own code needs of tracing: the OpenTelemetry API only, which does nothing
// (and costs next to nothing) until `startTracing` has installed the SDK in the process.
import {
  type Attributes,
  type Context,
  context,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

export { SpanKind };

/** A W3C trace context, as event metadata stores it. */
export interface TraceContext {
  traceparent: string;
  tracestate?: string;
}

const tracer = () => trace.getTracer('second-gear');

/**
 * The trace the current code runs in, as W3C headers: stored with the events a traced request
 * appends, so that whoever acts on them continues the same trace. Undefined when nothing is
 * traced.
 */
export const currentTraceContext = (): TraceContext | undefined => {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  const { traceparent, tracestate } = carrier;
  if (!traceparent) return undefined;
  return tracestate ? { traceparent, tracestate } : { traceparent };
};

/** The context a stored trace context names, to start spans in (the root when there is none). */
const contextOf = (stored: TraceContext | undefined): Context =>
  stored ? propagation.extract(ROOT_CONTEXT, stored) : ROOT_CONTEXT;

/** A link to the span a stored trace context names, for work done for many traces at once. */
export const linkTo = (stored: TraceContext | undefined): Link | undefined => {
  if (!stored) return undefined;
  const spanContext = trace.getSpanContext(contextOf(stored));
  return spanContext ? { context: spanContext } : undefined;
};

export interface SpanOptions {
  attributes?: Attributes;
  kind?: SpanKind;
  /** Continue this stored trace rather than the current one. */
  parent?: TraceContext | undefined;
  /** Spans of other traces this work was done for. */
  links?: readonly (Link | undefined)[];
}

/**
 * Runs `work` in a span of its own (a child of the current span, or of `parent`); a failure is
 * recorded on the span and thrown on.
 */
export const inSpan = async <T>(
  name: string,
  options: SpanOptions,
  work: (span: Span) => Promise<T>,
): Promise<T> => {
  const links = (options.links ?? []).filter((link): link is Link => link !== undefined);
  const parent = options.parent ? contextOf(options.parent) : context.active();
  return tracer().startActiveSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      ...(options.attributes ? { attributes: options.attributes } : {}),
      ...(links.length > 0 ? { links } : {}),
    },
    parent,
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
};

/**
 * Records, once some work for many events is done, one span per traced event in that event's
 * own trace: from `startedAt` to now, so each command's trace shows when its events were, for
 * example, projected and committed.
 */
export const recordEventSpans = (
  name: string,
  events: readonly { trace?: TraceContext | undefined; attributes?: Attributes }[],
  startedAt: number,
  shared: { attributes?: Attributes; links?: readonly (Link | undefined)[] } = {},
): void => {
  const links = (shared.links ?? []).filter((link): link is Link => link !== undefined);
  for (const event of events) {
    if (!event.trace) continue;
    const span = tracer().startSpan(
      name,
      {
        kind: SpanKind.CONSUMER,
        startTime: startedAt,
        attributes: { ...shared.attributes, ...event.attributes },
        ...(links.length > 0 ? { links } : {}),
      },
      contextOf(event.trace),
    );
    span.end();
  }
};
