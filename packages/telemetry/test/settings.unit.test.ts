import { describe, expect, it } from 'vitest';
import { tracingConfigProblem, tracingRequested } from '../src/settings.ts';

describe('tracing settings', () => {
  it('trace only when an OTLP endpoint is set and the SDK is not disabled', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://localhost:4318' })).toBe(true);
    expect(
      tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' }),
    ).toBe(true);
    expect(
      tracingRequested({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://localhost:4318',
        OTEL_SDK_DISABLED: 'TRUE',
      }),
    ).toBe(false);
  });

  it('name the variable whose endpoint is not an http(s) URL', () => {
    expect(tracingConfigProblem({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://localhost:4318' })).toBe(
      undefined,
    );
    expect(tracingConfigProblem({ OTEL_EXPORTER_OTLP_ENDPOINT: 'localhost:4318' })).toMatch(
      /^OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/,
    );
    expect(tracingConfigProblem({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'ftp://x' })).toMatch(
      /^OTEL_EXPORTER_OTLP_TRACES_ENDPOINT/,
    );
  });
});
