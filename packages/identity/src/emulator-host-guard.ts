// Loaded into the Auth Emulator's process before firebase-tools (`node --import`). The emulator
// answers every Host header, lets every page read its answers (CORS `*`) and signs anyone in on
// request: a page elsewhere could use it from a visitor's browser, by pointing its own name at
// this machine (DNS rebinding) or simply by calling 127.0.0.1 (reading password-reset codes,
// say). Every HTTP server of that process (the auth endpoint, the hub, logging) now refuses,
// with 421, a request or WebSocket upgrade naming a host `hostRule` does not answer or sent by a
// page from such a host: the emulator has no setting for it.
import { type IncomingMessage, Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { answersHost, answersOrigin, hostRule } from '@second-gear/config';

const rule = hostRule({
  publicUrl: process.env.EMULATOR_PUBLIC_URL || undefined,
  allowed: (process.env.EMULATOR_ALLOWED_HOSTS ?? '').split(',').filter(Boolean),
});

/** Whether a request reaches the emulator: a host it answers, sent by no page or by one of its own. */
const welcome = (request: IncomingMessage): boolean =>
  answersHost(rule, request.headers.host) && answersOrigin(rule, request.headers.origin);

const emit = Server.prototype.emit;
Server.prototype.emit = function guarded(this: Server, event: string | symbol, ...args: unknown[]) {
  if (event === 'request') {
    const [request, response] = args as [IncomingMessage, ServerResponse];
    if (!welcome(request)) {
      response.writeHead(421, { 'content-type': 'application/json', connection: 'close' });
      response.end(JSON.stringify({ error: { code: 421, message: 'MISDIRECTED_REQUEST' } }));
      return true;
    }
  }
  // A WebSocket (the emulator's logging) is opened by an upgrade, which any page may send.
  if (event === 'upgrade') {
    const [request, socket] = args as [IncomingMessage, Duplex];
    if (!welcome(request)) {
      socket.end(
        'HTTP/1.1 421 Misdirected Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
      );
      return true;
    }
  }
  return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
} as typeof Server.prototype.emit;
