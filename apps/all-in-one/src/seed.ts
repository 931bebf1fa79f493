import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { multipartFileBody, promoteToAdminAsSystem } from '@second-gear/command-service';
import type { EventStore } from '@second-gear/event-store';
import { type AuthEmulator, type FirebaseAuth, signInWithPassword } from '@second-gear/identity';
import type { ServiceApp } from '@second-gear/service-http';
import { renderCarPicture } from './car-pictures.ts';
import { demoAccounts, demoCars, demoCategories } from './demo-data.ts';

export interface SeedOptions {
  dataDir: string;
  store: EventStore;
  command: ServiceApp;
  query: ServiceApp;
  authEmulator: Pick<AuthEmulator, 'host'>;
  auth: Pick<FirebaseAuth, 'createUser'>;
  say: (line: string) => void;
}

type Answer = { statusCode: number; json: () => Record<string, unknown> };

const expectOk = (answer: Answer, what: string): Record<string, unknown> => {
  if (answer.statusCode >= 300) {
    throw new Error(
      `Seeding failed to ${what}: ${answer.statusCode} ${JSON.stringify(answer.json())}`,
    );
  }
  return answer.json();
};

type Role = keyof typeof demoAccounts;

/** The seed's state: the options, and the last position a write answered. */
interface Seeding {
  options: SeedOptions;
  position: string;
}

/** A write through the command service's routes, noting the position it answers. */
const write = async (
  seeding: Seeding,
  method: 'POST' | 'PUT',
  url: string,
  bearer: string,
  key: string,
  payload: object,
  what: string,
) => {
  const body = expectOk(
    await seeding.options.command.inject({
      method,
      url,
      headers: { authorization: `Bearer ${bearer}`, 'idempotency-key': key },
      payload,
    }),
    what,
  );
  seeding.position = String(body.position ?? seeding.position);
  return body;
};

/** Each demo account in the identity provider, signed in and registered with the marketplace. */
const registerAccounts = async (seeding: Seeding) => {
  const { options } = seeding;
  const sessions = {} as Record<Role, { uid: string; idToken: string }>;
  for (const [role, account] of Object.entries(demoAccounts) as [
    Role,
    (typeof demoAccounts)[Role],
  ][]) {
    await options.auth.createUser({
      email: account.email,
      password: account.password,
      displayName: account.name,
    });
    const session = await signInWithPassword(options.authEmulator.host, account);
    sessions[role] = session;
    await write(
      seeding,
      'POST',
      '/api/user',
      session.idToken,
      `seed-user-${role}`,
      { name: account.name, email: account.email, type: role === 'seller' ? 'Seller' : 'Buyer' },
      `register ${account.email}`,
    );
  }
  return sessions;
};

/** Each account's service token, once the read model has its registration and promotion. */
const tokensOf = async (
  seeding: Seeding,
  sessions: Record<Role, { uid: string; idToken: string }>,
) => {
  const tokens = {} as Record<Role, string>;
  for (const role of Object.keys(sessions) as Role[]) {
    const answer = await seeding.options.query.inject({
      url: `/api/jwt?email=${encodeURIComponent(demoAccounts[role].email)}`,
      headers: {
        authorization: `Bearer ${sessions[role].idToken}`,
        'x-min-position': seeding.position,
      },
    });
    tokens[role] = String(expectOk(answer, `get a token for ${role}`).accessToken);
  }
  return tokens;
};

/** The demo cars, each with its picture uploaded first, listed by the seller; answers their ids. */
const listDemoCars = async (seeding: Seeding, sellerToken: string): Promise<string[]> => {
  const carIds: string[] = [];
  for (const [i, car] of demoCars.entries()) {
    const picture = multipartFileBody({
      field: 'image',
      filename: `car-${i}.jpg`,
      contentType: 'image/jpeg',
      bytes: await renderCarPicture(car.picture),
    });
    const uploaded = expectOk(
      await seeding.options.command.inject({
        method: 'POST',
        url: '/api/images',
        headers: { authorization: `Bearer ${sellerToken}`, ...picture.headers },
        payload: picture.payload,
      }),
      `upload the picture of ${car.name}`,
    ) as { data: { url: string } };
    const listed = await write(
      seeding,
      'POST',
      '/api/product',
      sellerToken,
      `seed-car-${i}`,
      {
        name: car.name,
        category: car.category,
        image: uploaded.data.url,
        original_price: car.original_price,
        price: car.price,
        location: car.location,
        use: car.use,
        ...car.details,
      },
      `list ${car.name}`,
    );
    carIds.push(String(listed.insertedId));
  }
  return carIds;
};

/** The buyer asks the seller about a car, and the seller answers: the inboxes have something. */
const seedConversation = async (
  seeding: Seeding,
  tokens: { buyer: string; seller: string },
  carId: string | undefined,
) => {
  const opened = await write(
    seeding,
    'POST',
    '/api/conversations',
    tokens.buyer,
    'seed-conversation',
    {
      carId,
      text: 'Hi Sam, is the price negotiable? And has the timing belt been replaced?',
    },
    'write to a seller',
  );
  await write(
    seeding,
    'POST',
    `/api/conversations/${String(opened.insertedId)}/messages`,
    tokens.seller,
    'seed-conversation-answer',
    {
      text: 'Hi Bea, the belt was replaced last spring. The price is firm, but winter tyres come with it.',
    },
    'answer a buyer',
  );
};

/**
 * The buyer met the seller about the pickup, reviewed them, and the seller answered; the buyer
 * then let it go, so the truck is for sale again and the seller's profile has a review.
 */
const seedReview = async (
  seeding: Seeding,
  tokens: { buyer: string; seller: string },
  carId: string | undefined,
) => {
  const booked = await write(
    seeding,
    'POST',
    '/api/booking',
    tokens.buyer,
    'seed-met-booking',
    { product_id: carId, buyer_phone: '+1 512 555 0142', meetup: 'Gathering Place, Tulsa' },
    'book a meetup',
  );
  const bookingId = String(booked.insertedId);
  await write(
    seeding,
    'POST',
    `/api/booking/${bookingId}/accept`,
    tokens.seller,
    'seed-met-accept',
    {},
    'accept a meetup',
  );
  await write(
    seeding,
    'POST',
    '/api/reviews',
    tokens.buyer,
    'seed-review',
    {
      bookingId,
      rating: 5,
      text: 'Sam was on time, let my mechanic look the truck over and was upfront about the scratches.',
    },
    'review a seller',
  );
  await write(
    seeding,
    'POST',
    `/api/reviews/${bookingId}/answer`,
    tokens.seller,
    'seed-review-answer',
    { text: 'Thanks Bea, it was a pleasure. Good luck with the search!' },
    'answer a review',
  );
  await write(
    seeding,
    'POST',
    `/api/booking/${bookingId}/cancel`,
    tokens.buyer,
    'seed-met-cancel',
    {},
    'let a booking go',
  );
};

/**
 * Seeds the demo marketplace once, through the same HTTP routes a browser uses (so the audit
 * log shows it), with an Idempotency-Key on every write: a seed cut short by a crash simply runs
 * again on the next start. The first admin is the one thing no request can create; that
 * promotion is made by the System actor, as an operator's `npm run admin -- promote` does.
 */
export const seedDemoData = async (options: SeedOptions): Promise<void> => {
  const marker = join(options.dataDir, 'seeded');
  if (existsSync(marker)) return;
  const { say } = options;
  say('seeding demo data');
  const seeding: Seeding = { options, position: '0' };

  const sessions = await registerAccounts(seeding);
  const promoted = await promoteToAdminAsSystem(options.store, sessions.admin.uid);
  if (promoted !== undefined) seeding.position = promoted.toString();
  const tokens = await tokensOf(seeding, sessions);

  for (const name of demoCategories) {
    await write(
      seeding,
      'POST',
      '/api/category',
      tokens.admin,
      `seed-category-${name}`,
      { name },
      `add ${name}`,
    );
  }

  const carIds = await listDemoCars(seeding, tokens.seller);
  await write(
    seeding,
    'PUT',
    `/api/products/${carIds[0]}`,
    tokens.seller,
    'seed-advertise',
    {},
    'advertise',
  );
  await write(
    seeding,
    'POST',
    '/api/booking',
    tokens.buyer,
    'seed-booking',
    { product_id: carIds[1], buyer_phone: '+1 512 555 0142', meetup: 'Zilker Park, Austin' },
    'book a car',
  );
  await seedConversation(seeding, tokens, carIds[2]);
  await seedReview(seeding, tokens, carIds[3]);

  await writeFile(marker, `${new Date().toISOString()}\n`);
  say(`seeded ${demoCars.length} cars, ${demoCategories.length} categories and 3 accounts`);
};
