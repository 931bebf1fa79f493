import { createRequire } from 'node:module';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { LoggerOptions } from 'pino';

export type LogOptions = {
  level?: string;
  /** Readable lines instead of JSON; by default only when stdout is a terminal. */
  pretty?: boolean;
  /** Where lines go instead of stdout (tests, files). Never pretty. */
  stream?: { write(line: string): void };
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
  if (options.stream) return { level };
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

/**
 * One log line per request, when it is answered, with its status and duration (instead of
 * Fastify's two lines, one on arrival and one on completion). Health checks are not logged.
 */
export class OneLinePerRequest extends LogController {
  override isLogDisabled(request: FastifyRequest): boolean {
    return request.url === '/health';
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
