// Whether a process should trace, read from the standard OpenTelemetry variables. Kept apart from
// the SDK so that deciding costs no import of it.

/**
 * Whether the environment asks for traces: an OTLP endpoint is set (for traces or for all
 * signals) and the SDK is not disabled. Without one, nothing is installed and nothing is sent.
 */
export const tracingRequested = (env: NodeJS.ProcessEnv): boolean =>
  env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true' &&
  Boolean(
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim(),
  );

/** What is wrong with the configured OTLP endpoints, naming the variable; undefined if nothing. */
export const tracingConfigProblem = (env: NodeJS.ProcessEnv): string | undefined => {
  for (const name of ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_ENDPOINT']) {
    const value = env[name]?.trim();
    if (!value) continue;
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
      return `${name} must be an http(s) URL of an OTLP receiver, such as http://localhost:4318; it is "${value}".`;
    }
  }
  return undefined;
};
