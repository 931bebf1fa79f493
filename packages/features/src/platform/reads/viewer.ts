import type { ReadModelDb } from '@second-gear/read-model';
import { HttpProblem } from '@second-gear/service-http';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ReadContext } from './context.ts';

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

/**
 * Whose records a request names by email: an account, by uid. An email is only how the API
 * names an account; once an account is deleted its email is free for another one, which must
 * never see what the deleted account left behind. Only an admin naming an email that no live
 * account holds reads by the email itself: the records of the deleted accounts that held it.
 */
export type Account = { uid: string } | { email: string };

/**
 * The account behind `email`, which the caller may read: their own (by their uid, whatever
 * earlier account held the same email), or any for an admin. Anyone else gets 403.
 */
export const accountOf = async (
  { db, schema }: ReadContext,
  viewer: Viewer,
  email: string,
  what: string,
): Promise<Account> => {
  if (sameEmail(viewer.email, email)) return { uid: viewer.uid };
  if (viewer.role !== 'Admin') {
    throw HttpProblem.forbidden(`Only the owner or an admin may read ${what}.`);
  }
  const user = await db
    .withSchema(schema)
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return user ? { uid: user.id } : { email };
};

/** The rows of `account` as the seller or the buyer (columns `<party>_id`, `<party>_email`). */
export const ownedBy = (party: 'seller' | 'buyer', account: Account) =>
  'uid' in account
    ? sql<boolean>`${sql.ref(`${party}_id`)} = ${account.uid}`
    : sql<boolean>`lower(${sql.ref(`${party}_email`)}) = ${account.email.trim().toLowerCase()}`;

export const requireAdmin = (viewer: Viewer): void => {
  if (viewer.role !== 'Admin') throw HttpProblem.forbidden('Only an admin may read this.');
};
