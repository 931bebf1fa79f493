import { SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { currentTraceContext, inSpan, linkTo, recordEventSpans } from '../src/index.ts';
import { startTracing, type Tracing } from '../src/tracing.ts';

describe('tracing helpers', () => {
  // Before the SDK is installed, the helpers do nothing and store nothing.
  const before = currentTraceContext();
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | undefined;

  afterAll(async () => {
    await tracing?.shutdown();
  });

  it('store no trace while tracing is off', () => {
    expect(before).toBeUndefined();
  });

  it("carry a command's trace through its stored context to the spans of those who act on it", async () => {
    tracing = startTracing({
      serviceName: 'telemetry-test',
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
    });
    const startedAt = Date.now();
    const stored = await inSpan('command ListCar', {}, async () => {
      await inSpan('append', { attributes: { 'second_gear.events': 1 } }, async () => undefined);
      return currentTraceContext();
    });
    expect(stored?.traceparent).toMatch(/^00-[\da-f]{32}-[\da-f]{16}-01$/);
    // Later, elsewhere: a projection commits the event, and a batch links to its command.
    recordEventSpans('project cars', [{ trace: stored }, { trace: undefined }], startedAt, {
      attributes: { 'second_gear.projection': 'cars' },
    });
    await inSpan(
      'projection batch cars',
      { links: [linkTo(stored), linkTo(undefined)] },
      async () => undefined,
    );

    // Exported once the process's resource is detected, a moment later.
    await vi.waitFor(() => expect(exporter.getFinishedSpans()).toHaveLength(4));
    const spans = exporter.getFinishedSpans();
    const byName = new Map(spans.map((span) => [span.name, span]));
    const command = byName.get('command ListCar');
    const append = byName.get('append');
    const projected = byName.get('project cars');
    const batch = byName.get('projection batch cars');
    expect(command && append && projected && batch).toBeTruthy();
    const traceId = command?.spanContext().traceId;
    expect(append?.spanContext().traceId).toBe(traceId);
    expect(append?.parentSpanContext?.spanId).toBe(command?.spanContext().spanId);
    // One span for the one traced event, a child of the command that appended it.
    expect(spans.filter((span) => span.name === 'project cars')).toHaveLength(1);
    expect(projected?.spanContext().traceId).toBe(traceId);
    expect(projected?.parentSpanContext?.spanId).toBe(command?.spanContext().spanId);
    expect(projected?.attributes['second_gear.projection']).toBe('cars');
    // The batch is its own trace, linked to the command's.
    expect(batch?.spanContext().traceId).not.toBe(traceId);
    expect(batch?.links.map((link) => link.context.spanId)).toEqual([
      command?.spanContext().spanId,
    ]);
  });

  it('mark a span that failed, and throw the failure on', async () => {
    exporter.reset();
    await expect(
      inSpan('command BookCar', {}, async () => {
        throw new Error('car-booked');
      }),
    ).rejects.toThrow('car-booked');
    await vi.waitFor(() => expect(exporter.getFinishedSpans()).toHaveLength(1));
    const [span] = exporter.getFinishedSpans();
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
    expect(span?.events.map((event) => event.name)).toEqual(['exception']);
  });
});
