import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';

const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const problem = (res: ServerResponse, status: number, title: string, detail: string) => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/problem+json' });
  res.end(JSON.stringify({ type: 'about:blank', title, status, detail }));
};

/**
 * Forwards one request to an upstream service and streams the answer back unchanged (bodies in
 * both directions are piped, so uploads and the server-sent-events feed pass through unbuffered).
 */
export const forward = (
  req: IncomingMessage,
  res: ServerResponse,
  upstream: URL,
  options: { timeoutMs?: number } = {},
): void => {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !hopByHop.has(name)) headers[name] = value;
  }
  const client = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = prior ? `${String(prior)}, ${client}` : client;
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-proto'] = 'encrypted' in req.socket ? 'https' : 'http';

  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  const outgoing = send(
    {
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers,
      timeout: options.timeoutMs ?? 60_000,
    },
    (answer) => {
      const answerHeaders: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !hopByHop.has(name)) answerHeaders[name] = value;
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders);
      answer.pipe(res);
    },
  );
  outgoing.on('timeout', () => outgoing.destroy(new Error('upstream timed out')));
  outgoing.on('error', (error) =>
    problem(
      res,
      502,
      'Bad Gateway',
      `The ${upstream.host} service did not answer: ${error.message}`,
    ),
  );
  res.on('close', () => outgoing.destroy());
  req.pipe(outgoing);
};
