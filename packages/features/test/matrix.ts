// The authorization matrix's shared parts: who calls, the world a row's request is made in, and
// the things rows act on (a booking, a conversation, a report...). Each feature states, in its
// `test/authorization.ts`, who may make each of its write calls; the command service runs every
// row over HTTP against the real Auth Emulator (command-service/test/authorization.int.test.ts).

import { expect } from 'vitest';

export const callers = [
  'anonymous',
  'buyer',
  'seller',
  'owning seller',
  'admin',
  'deleted user',
] as const;
export type Caller = (typeof callers)[number];

export type MatrixUser = { uid: string; token: string; idToken: string };

export type MatrixAnswer = {
  statusCode: number;
  body: string;
  json<Answer = { insertedId: string }>(): Answer;
};

/** What the matrix needs of the command service's test world. */
export type MatrixWorld = {
  call(
    method: string,
    url: string,
    call?: { token?: string | undefined; body?: unknown },
  ): Promise<MatrixAnswer>;
  /** A new registered user; an Admin is promoted by the system. */
  user(role: 'Buyer' | 'Seller' | 'Admin'): Promise<MatrixUser>;
  category(admin: MatrixUser, name?: string): Promise<string>;
  car(seller: MatrixUser, category: string): Promise<string>;
};

export type Fixtures = {
  world: MatrixWorld;
  admin: MatrixUser;
  /** The buyer every "buyer" cell is made by, unless the row changes its caller. */
  buyer: MatrixUser;
  /** The seller of the cars rows act on: the "owning seller". */
  owner: MatrixUser;
  categoryName: string;
  /** A user of the caller's kind; `fresh` gives a new one for calls that change the caller. */
  caller(kind: Caller, fresh?: boolean): Promise<MatrixUser | undefined>;
  /** A new car of the owner's. */
  ownersCar(): Promise<string>;
  /** A search saved by the shared buyer. */
  savedSearch(): Promise<string>;
  /** A booking by the shared buyer of a car of the owner's, requested or accepted. */
  booking(status: 'requested' | 'accepted'): Promise<string>;
  /** A conversation the shared buyer opened about a new car of the owner's. */
  conversation(): Promise<string>;
  /** The group of a report the shared buyer filed on a new car of the owner's. */
  reportedCar(): Promise<string>;
  /** The group of a report the shared buyer filed on a message the owner wrote them. */
  reportedMessage(): Promise<string>;
  /** A review the shared buyer posted of the owner, after a meetup the owner accepted. */
  review(): Promise<string>;
  /** An API key the admin issued. */
  apiKey(): Promise<string>;
  /** A webhook endpoint the admin registered, paused or not. */
  webhook(paused?: boolean): Promise<string>;
};

export type MatrixRequest = { method: string; url: string; body?: unknown; idToken?: boolean };

/** Who may make one write call: the status each caller gets. A refused call appends nothing. */
export type AuthorizationRow = {
  /** The call changes its caller (applying for seller), so each cell gets a new caller. */
  changesCaller?: boolean;
  /** An allowed call that finds nothing to change, so appends nothing. */
  appendsNothing?: boolean;
  request(f: Fixtures): Promise<MatrixRequest>;
  expected: Record<Caller, number>;
};

/**
 * A row's statuses: 401 for an anonymous caller, 403 for a deleted user, and for the others 403
 * unless given (`allowing({ 'owning seller': 200 })`: the car's seller alone).
 */
export const allowing = (
  given: Partial<Record<Exclude<Caller, 'anonymous' | 'deleted user'>, number>>,
): Record<Caller, number> => ({
  anonymous: 401,
  buyer: 403,
  seller: 403,
  'owning seller': 403,
  admin: 403,
  'deleted user': 403,
  ...given,
});

/** A row for every write call of a feature: the type-check finds a call without one. */
export type Authorization<Calls> = { [Call in keyof Calls]: AuthorizationRow };

/** A listing as the API takes it. */
export const carBody = (category: string) => ({
  name: 'Toyota Corolla 2015',
  seller_name: 'Someone Else',
  email: 'someone@else.example',
  category,
  image: 'https://images.example/corolla.jpg',
  original_price: '20000',
  price: '12500',
  location: 'Dhaka',
  use: '6',
});

/** A booking as the API takes it; the names and the price in it are the client's, not trusted. */
export const bookingBody = (carId: string) => ({
  buyer: 'Not Me',
  seller: 'Not Them',
  buyer_email: 'not-me@example.com',
  seller_email: 'not-them@example.com',
  product_id: carId,
  product_name: 'Some other car',
  price: 1,
  buyer_phone: '+880 1711-000000',
  meetup: 'Gulshan 2 circle',
});

/** A webhook's registration; the runner resolves its host to a public address. */
export const hook = { url: 'https://hooks.example.com/matrix', types: ['CarListed'] };

/** The matrix's users and the things its rows act on, made through the API. */
export async function matrixFixtures(world: MatrixWorld): Promise<Fixtures> {
  const admin = await world.user('Admin');
  const categoryName = `Matrix ${Math.random().toString(36).slice(2)}`;
  await world.category(admin, categoryName);
  const buyer = await world.user('Buyer');
  const seller = await world.user('Seller');
  const owner = await world.user('Seller');
  const deleted = await world.user('Buyer');
  const removed = await world.call('DELETE', `/api/user/${deleted.uid}`, { token: admin.token });
  expect(removed.statusCode).toBe(200);

  /** The answer's body, once it has the status a fixture's call must have. */
  const made = async (answer: Promise<MatrixAnswer>, status: number) => {
    const answered = await answer;
    expect(answered.statusCode, answered.body).toBe(status);
    return answered.json();
  };
  const shared: Record<Caller, MatrixUser | undefined> = {
    anonymous: undefined,
    buyer,
    seller,
    'owning seller': owner,
    admin,
    'deleted user': deleted,
  };
  const fresh: Record<Caller, () => Promise<MatrixUser | undefined>> = {
    anonymous: async () => undefined,
    buyer: () => world.user('Buyer'),
    seller: () => world.user('Seller'),
    'owning seller': () => world.user('Seller'),
    admin: () => world.user('Admin'),
    'deleted user': async () => deleted,
  };
  const ownersCar = () => world.car(owner, categoryName);

  async function booking(status: 'requested' | 'accepted') {
    const carId = await ownersCar();
    const { insertedId } = await made(
      world.call('POST', '/api/booking', { token: buyer.token, body: bookingBody(carId) }),
      201,
    );
    if (status === 'accepted')
      await made(
        world.call('POST', `/api/booking/${insertedId}/accept`, { token: owner.token }),
        200,
      );
    return insertedId as string;
  }

  let lastConversation: string | undefined;
  async function conversation() {
    // A block is between people: a cell before may have left the two blocked.
    if (lastConversation) {
      for (const party of [buyer, owner])
        await made(
          world.call('POST', `/api/conversations/${lastConversation}/unblock`, {
            token: party.token,
          }),
          200,
        );
    }
    const carId = await ownersCar();
    const opened = await made(
      world.call('POST', '/api/conversations', {
        token: buyer.token,
        body: { carId, text: 'Is it still for sale?' },
      }),
      201,
    );
    lastConversation = opened.insertedId as string;
    return lastConversation;
  }

  const report = (subject: { type: 'car' | 'message'; id: string }, reason: string) =>
    made(
      world.call('POST', '/api/reports', { token: buyer.token, body: { subject, reason } }),
      201,
    );

  return {
    world,
    admin,
    buyer,
    owner,
    categoryName,
    caller: async (kind, renewed = false) => (renewed ? fresh[kind]() : shared[kind]),
    ownersCar,
    async savedSearch() {
      const saved = await made(
        world.call('POST', '/api/saved-searches', {
          token: buyer.token,
          body: { name: 'Matrix', query: 'maxPrice=9000' },
        }),
        201,
      );
      return saved.insertedId as string;
    },
    booking,
    conversation,
    async reportedCar() {
      const carId = await ownersCar();
      await report({ type: 'car', id: carId }, 'wrong-details');
      return `car-${carId}`;
    },
    async reportedMessage() {
      const conversationId = await conversation();
      const answered = await made(
        world.call('POST', `/api/conversations/${conversationId}/messages`, {
          token: owner.token,
          body: { text: 'Pay a deposit by wire first' },
        }),
        201,
      );
      await report({ type: 'message', id: answered.insertedId }, 'scam');
      return `message-${answered.insertedId}`;
    },
    async review() {
      const bookingId = await booking('accepted');
      await made(
        world.call('POST', '/api/reviews', { token: buyer.token, body: { bookingId, rating: 4 } }),
        201,
      );
      return bookingId;
    },
    async apiKey() {
      const issued = await made(
        world.call('POST', '/api/api-keys', {
          token: admin.token,
          body: { name: 'Matrix key', scopes: ['webhooks:manage'] },
        }),
        201,
      );
      return issued.insertedId as string;
    },
    async webhook(paused = false) {
      const registered = await made(
        world.call('POST', '/api/webhooks', { token: admin.token, body: hook }),
        201,
      );
      const id = registered.insertedId as string;
      if (paused)
        await made(world.call('POST', `/api/webhooks/${id}/pause`, { token: admin.token }), 200);
      return id;
    },
  };
}
