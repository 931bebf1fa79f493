import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { LoggerOptions } from 'pino';

export type LogOptions = {
  level?: string;
  /** Readable lines instead of JSON; by default only when stdout is a terminal. */
  pretty?: boolean;
};

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * pino options: JSON lines (production, pipes, files); readable lines through pino-pretty when
 * writing to a terminal and pino-pretty is installed (it is a development dependency only).
 */
export function loggerOptions(options: LogOptions = {}): LoggerOptions {
  const level = options.level ?? process.env.LOG_LEVEL ?? 'info';
  const pretty =
    options.pretty ??
    (process.stdout.isTTY === true && process.env.NODE_ENV !== 'production' && prettyAvailable());
  if (!pretty || !prettyAvailable()) {
    return { level };
  }
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  };
}

/** One log line per request, when it is answered, with its duration. */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
