// Loaded before a service's own modules (scripts/run.mjs imports it first when traces are
// asked for): the module hooks must be in place before `pg` and `node:http` are first imported,
// or their calls would go untraced.
import { register } from 'import-in-the-middle/register-hooks.mjs';

/** Installs tracing in this process for `serviceName`; answers how to stop it. */
export const registerTracing = async (serviceName: string) => {
  // Only the modules the instrumentations patch go through the hook; every other import is
  // loaded as it is.
  register({ include: ['pg', 'pg-pool', 'http', 'https', 'node:http', 'node:https'] });
  const { startTracing } = await import('./tracing.ts');
  const tracing = startTracing({ serviceName });
  // Buffered spans are exported before the process ends on a signal; a process with no
  // handler of its own for the signal is then ended by it as before.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void tracing
        .shutdown()
        .catch(() => undefined)
        .finally(() => {
          if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
        });
    });
  }
  return tracing;
};
