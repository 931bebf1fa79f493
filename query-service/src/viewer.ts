import type { ReadModelDb } from '@second-gear/read-model';
import { HttpProblem } from '@second-gear/service-http';
import type { FastifyRequest } from 'fastify';

export type Role = 'Buyer' | 'Seller' | 'Admin';

/** The caller as the read model knows them now: the role comes from the users table. */
export interface Viewer {
  uid: string;
  email: string;
  role: Role;
}

export const sameEmail = (a: string, b: string): boolean =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The signed-in caller (after the `authenticate` preHandler), with the role read from the
 * users table by uid: a promotion or deletion takes effect at once, whatever the token says.
 * A token whose account is gone answers 401.
 */
export const viewerOf = async (
  db: ReadModelDb,
  schema: string,
  request: FastifyRequest,
): Promise<Viewer> => {
  const actor = request.actor;
  if (!actor) throw HttpProblem.unauthorized();
  const user = await db
    .withSchema(schema)
    .selectFrom('users')
    .select(['id', 'email', 'role'])
    .where('id', '=', actor.uid)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw HttpProblem.unauthorized('Your account no longer exists; sign in again.');
  return { uid: user.id, email: user.email, role: user.role as Role };
};

/** The caller may read what belongs to `email`: it is their own, or they are an admin. */
export const requireOwnOrAdmin = (viewer: Viewer, email: string, what: string): void => {
  if (viewer.role === 'Admin' || sameEmail(viewer.email, email)) return;
  throw HttpProblem.forbidden(`Only the owner or an admin may read ${what}.`);
};

export const requireAdmin = (viewer: Viewer): void => {
  if (viewer.role !== 'Admin') throw HttpProblem.forbidden('Only an admin may read this.');
};
