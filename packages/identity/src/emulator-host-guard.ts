// Loaded into the Auth Emulator's process before firebase-tools (`node --import`). The emulator
// answers every Host header and signs anyone in on request, so a page elsewhere that points its
// own name at this machine could use it from a visitor's browser (DNS rebinding). Every HTTP
// server of that process (the auth endpoint, the hub, logging) now refuses, with 421, a request
// naming a host `hostRule` does not answer: the emulator has no setting for it.
import { type IncomingMessage, Server, type ServerResponse } from 'node:http';
import { answersHost, hostRule } from '@second-gear/config';

const rule = hostRule({
  publicUrl: process.env.EMULATOR_PUBLIC_URL || undefined,
  allowed: (process.env.EMULATOR_ALLOWED_HOSTS ?? '').split(',').filter(Boolean),
});

const emit = Server.prototype.emit;
Server.prototype.emit = function guarded(this: Server, event: string | symbol, ...args: unknown[]) {
  if (event === 'request') {
    const [request, response] = args as [IncomingMessage, ServerResponse];
    if (!answersHost(rule, request.headers.host)) {
      response.writeHead(421, { 'content-type': 'application/json', connection: 'close' });
      response.end(JSON.stringify({ error: { code: 421, message: 'MISDIRECTED_REQUEST' } }));
      return true;
    }
  }
  return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
} as typeof Server.prototype.emit;
