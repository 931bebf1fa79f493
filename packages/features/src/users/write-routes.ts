import {
  type FirebaseAuth,
  type FirebaseIdentity,
  firebaseIdTokenFrom,
  InvalidIdTokenError,
  sendUnauthorized,
} from '@second-gear/identity';
import { HttpProblem, type ServiceApp } from '@second-gear/service-http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf, CommandHeaders, type RunCommand } from '../platform/commands/command-route.ts';
import { idCommandRoute } from '../platform/commands/id-command-route.ts';
import { answerSchemas, authenticated, writeRoute } from '../platform/commands/route-options.ts';
import { userWriteCalls } from './contract.ts';
import type { RegisterUser } from './register-user.ts';

export type UserRoutesOptions = {
  run: RunCommand;
  auth: Pick<FirebaseAuth, 'verifyIdToken'>;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in Firebase identity, on `POST /api/user`. */
    firebaseIdentity: FirebaseIdentity | null;
  }
}

const changed = (appends: { events: unknown[] }[]) => appends.some((a) => a.events.length > 0);

// The Firebase ID token, verified before the body is even parsed: anonymous is 401.
const signedInIdentity =
  (auth: UserRoutesOptions['auth']) => async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    const idToken = firebaseIdTokenFrom(request);
    if (idToken === undefined) return sendUnauthorized(reply, 'Sign in to register.', path);
    try {
      request.firebaseIdentity = await auth.verifyIdToken(idToken);
    } catch (error) {
      if (!(error instanceof InvalidIdTokenError)) throw error;
      return sendUnauthorized(reply, error.message, path);
    }
  };

/** `POST /api/user`: a signed-in Firebase account registers, as a Buyer or a Seller. */
function registerRoute(app: ServiceApp, { run, auth }: UserRoutesOptions) {
  const register = userWriteCalls.registerUser;
  app.route({
    ...writeRoute(userWriteCalls, 'registerUser'),
    onRequest: signedInIdentity(auth),
    schema: {
      ...writeRoute(userWriteCalls, 'registerUser').schema,
      headers: CommandHeaders,
      body: register.body,
      response: answerSchemas(register.answer, [201, 200]),
    },
    handler: async (request, reply) => {
      const identity = request.firebaseIdentity;
      if (!identity) throw HttpProblem.unauthorized('Sign in to register.');
      if (!identity.email) {
        throw HttpProblem.badRequest('Sign in with an account that has an email address.');
      }
      const { name, type, photoURL } = request.body;
      const command: RegisterUser = {
        type: 'RegisterUser',
        actor: { uid: identity.uid, email: identity.email, role: type },
        data: {
          userId: identity.uid,
          name: name ?? identity.name ?? identity.email.split('@')[0] ?? identity.email,
          email: identity.email,
          role: type,
          photoURL: photoURL ?? identity.picture,
        },
      };
      return run(request, reply, {
        command,
        answer: (decision) => ({
          status: changed(decision.appends) ? 201 : 200,
          body: { acknowledged: true as const, insertedId: identity.uid },
        }),
      });
    },
  });
}

/** A user applies to sell, or changes their profile. */
function accountRoutes(app: ServiceApp, { run }: UserRoutesOptions) {
  const seller = userWriteCalls.applyForSeller;
  app.route({
    ...writeRoute(userWriteCalls, 'applyForSeller'),
    onRequest: authenticated(app),
    schema: {
      ...writeRoute(userWriteCalls, 'applyForSeller').schema,
      headers: CommandHeaders,
      response: answerSchemas(seller.answer, [200]),
    },
    handler: async (request, reply) =>
      run(request, reply, {
        command: { type: 'ApplyForSeller', actor: actorOf(request), data: {} },
        answer: () => ({ status: 200, body: { acknowledged: true as const, modifiedCount: 1 } }),
      }),
  });

  const profile = userWriteCalls.changeProfile;
  app.route({
    ...writeRoute(userWriteCalls, 'changeProfile'),
    onRequest: authenticated(app),
    schema: {
      ...writeRoute(userWriteCalls, 'changeProfile').schema,
      headers: CommandHeaders,
      body: profile.body,
      response: answerSchemas(profile.answer, [200]),
    },
    handler: async (request, reply) =>
      run(request, reply, {
        command: { type: 'ChangeProfile', actor: actorOf(request), data: request.body },
        answer: (decision) => ({
          status: 200,
          body: { acknowledged: true as const, modifiedCount: changed(decision.appends) ? 1 : 0 },
        }),
      }),
  });
}

export async function userWriteRoutes(app: ServiceApp, options: UserRoutesOptions) {
  const { run } = options;
  app.decorateRequest('firebaseIdentity', null);
  registerRoute(app, options);
  accountRoutes(app, options);

  idCommandRoute(app, run, userWriteCalls, 'promoteToAdmin', {
    command: (userId, actor) => ({ type: 'PromoteToAdmin', actor, data: { userId } }),
    count: 'modifiedCount',
  });

  // The events are the record; the sign-in account follows them, deleted by a reactor of its
  // own from `UserDeleted` and retried until it is gone. Meanwhile no request of a deleted user
  // is accepted: the role is read from the user's record, never from a token.
  idCommandRoute(app, run, userWriteCalls, 'deleteUser', {
    command: (userId, actor) => ({ type: 'DeleteUser', actor, data: { userId } }),
    count: 'deletedCount',
  });
}
