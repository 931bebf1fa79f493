import { type Role, serviceTokens } from '@second-gear/identity';
import Fastify from 'fastify';

/** Signs service tokens with `secret`, as the query service's `GET /api/jwt` would. */
export const tokenMinter = async (secret: string) => {
  const app = Fastify({ logger: false });
  await app.register(serviceTokens, { secret, expiresIn: '4h' });
  await app.ready();
  return {
    sign: (uid: string, email: string, role: Role) => app.serviceTokens.sign({ uid, email, role }),
    close: () => app.close(),
  };
};
