import { describe, expect, it } from 'vitest';
import {
  bookCar,
  type Command,
  type DeleteUser,
  DomainError,
  type DomainEvent,
  decide,
  domainRules,
  EventMetadata,
  foldStream,
  initialBookingIdState,
  initialCarState,
  initialUserState,
  type LoadedStream,
  loadAndDecide,
  loadStream,
  recordedActor,
  rejecter,
  ruleBooks,
  streams,
  streamsFor,
  withMetadata,
} from '../src/index.ts';
import { actor, carListed, categoryCreated, registered, sedan, suv, system } from './fixtures.ts';
import { run, streamOf } from './given.ts';

const history: DomainEvent[] = [
  registered('ada', 'Admin'),
  registered('sam', 'Seller'),
  categoryCreated(suv.categoryId, suv.name),
  categoryCreated(sedan.categoryId, sedan.name),
  carListed('car-1', 'sam', suv),
  carListed('car-2', 'sam', sedan),
].flat();

const load = (loaded: Record<string, LoadedStream>, command: Command) => {
  const refs = streamsFor(command, loaded);
  for (const ref of refs)
    loaded[ref.stream] = loadStream(
      ref,
      history.filter((event) => streamOf(event) === ref.stream),
    );
  return refs.map((ref) => `${ref.kind}:${ref.stream}`);
};

describe('streamsFor', () => {
  it('names the streams of a user deletion round by round', () => {
    const command: DeleteUser = {
      type: 'DeleteUser',
      actor: actor('ada'),
      data: { userId: 'sam' },
    };
    const loaded: Record<string, LoadedStream> = {};
    expect(load(loaded, command)).toEqual([
      'user:user-ada',
      'user:user-sam',
      'sellerCars:sellercars-sam',
    ]);
    expect(load(loaded, command)).toEqual([
      `email:${streams.email('sam@example.com')}`,
      'car:car-car-1',
      'car:car-car-2',
    ]);
    // The cars leave their categories' cars without those being read.
    expect(load(loaded, command)).toEqual([]);
  });

  it('names a new car, the category by its name, then the category itself', () => {
    const command: Command = {
      type: 'ListCar',
      actor: actor('sam'),
      data: {
        carId: 'car-9',
        name: 'Kia',
        categoryName: 'Sedan',
        image: 'x',
        originalPrice: 1,
        price: 1,
        location: 'x',
        yearsOfUse: 1,
      },
    };
    const loaded: Record<string, LoadedStream> = {};
    expect(load(loaded, command)).toEqual([
      'user:user-sam',
      'car:car-car-9',
      'categoryName:category-name-sedan',
    ]);
    expect(load(loaded, command)).toEqual(['category:category-cat-sedan']);
    expect(load(loaded, command)).toEqual([]);
  });

  it('names the car, then its seller, for a car deletion', () => {
    const command: Command = { type: 'DeleteCar', actor: actor('ada'), data: { carId: 'car-1' } };
    const loaded: Record<string, LoadedStream> = {};
    expect(load(loaded, command)).toEqual(['user:user-ada', 'car:car-car-1']);
    expect(load(loaded, command)).toEqual(['user:user-sam']);
    expect(load(loaded, command)).toEqual([]);
  });

  it("names a category, its cars and its name for the category's deletion", () => {
    const command: Command = {
      type: 'DeleteCategory',
      actor: actor('ada'),
      data: { categoryId: suv.categoryId },
    };
    const loaded: Record<string, LoadedStream> = {};
    expect(load(loaded, command)).toEqual([
      'user:user-ada',
      'category:category-cat-suv',
      'categoryCars:categorycars-cat-suv',
    ]);
    expect(load(loaded, command)).toEqual(['categoryName:category-name-suv']);
    expect(load(loaded, command)).toEqual([]);
  });

  it('names each stream once, even when the actor is the target', () => {
    const command: Command = {
      type: 'PromoteToAdmin',
      actor: actor('ada'),
      data: { userId: 'ada' },
    };
    expect(streamsFor(command).map((ref) => ref.stream)).toEqual(['user-ada']);
  });
});

describe('decide', () => {
  it('refuses to decide on a stream that was not loaded', () => {
    const command: Command = { type: 'DeleteCar', actor: actor('ada'), data: { carId: 'car-1' } };
    const loaded: Record<string, LoadedStream> = {};
    load(loaded, command);
    expect(() => decide(command, loaded)).toThrow(/user-sam is not loaded/);
  });

  it('is the same rule as the named decision', () => {
    const car = foldStream('car', carListed('car-1', 'sam'));
    const command = {
      type: 'BookCar',
      actor: actor('sam'),
      data: { carId: 'car-1', bookingId: 'b-1', buyerPhone: '1', meetup: 'x' },
    } as const;
    const actorUser = foldStream('user', registered('sam', 'Seller'));
    const bookingId = initialBookingIdState();
    const seller = actorUser;
    expect(() => bookCar({ command, actorUser, car, bookingId, seller })).toThrow(DomainError);
    expect(() =>
      bookCar({
        command,
        actorUser: initialUserState(),
        car: initialCarState(),
        bookingId,
        seller: initialUserState(),
      }),
    ).toThrow('Register before doing this.');
  });
});

describe('loadAndDecide', () => {
  const readFrom = (reads: string[]) => async (stream: string) => {
    reads.push(stream);
    const events = history.filter((event) => streamOf(event) === stream);
    return { events, version: events.length - 1 };
  };

  it('reads round by round, and expects each append at the version its stream was read at', async () => {
    const reads: string[] = [];
    const { appends, actor: recorded } = await loadAndDecide(
      { type: 'DeleteCar', actor: actor('ada', 'Buyer'), data: { carId: 'car-1' } },
      readFrom(reads),
    );
    expect(reads).toEqual(['user-ada', 'car-car-1', 'user-sam']);
    expect(appends.map(({ stream, expected }) => [stream, expected])).toEqual([
      ['car-car-1', 0],
      // Its category's and its seller's cars are left without being read: at any version.
      ['categorycars-cat-suv', 'any'],
      ['sellercars-sam', 'any'],
    ]);
    expect(recorded).toEqual(actor('ada', 'Admin'));
  });

  it('gives the streams it read without writing, at their versions, to be checked', async () => {
    const { appends, checks } = await loadAndDecide(
      { type: 'DeleteCar', actor: actor('ada', 'Buyer'), data: { carId: 'car-1' } },
      readFrom([]),
    );
    expect(appends.map((append) => append.stream)).not.toContain('user-ada');
    // Registered, then promoted: two events, so version 1. The seller is read to know they are
    // still there, and checked.
    expect(checks).toEqual([
      { stream: 'user-ada', expected: 1 },
      { stream: 'user-sam', expected: 0 },
    ]);
  });

  it('expects a stream that was empty not to exist yet; checks the category a car joins', async () => {
    const { appends, checks } = await loadAndDecide(
      {
        type: 'ListCar',
        actor: actor('sam', 'Seller'),
        data: {
          carId: 'car-9',
          name: 'Kia',
          categoryName: 'Sedan',
          image: 'x',
          originalPrice: 1,
          price: 1,
          location: 'x',
          yearsOfUse: 1,
        },
      },
      readFrom([]),
    );
    expect(appends.map(({ stream, expected }) => [stream, expected])).toEqual([
      ['car-car-9', 'no_stream'],
      ['categorycars-cat-sedan', 'any'],
      ['sellercars-sam', 'any'],
    ]);
    // The seller and the category are read, not written: deleting either in the meantime
    // refuses the listing, and listings by one seller or in one category do not refuse each
    // other (none writes them).
    expect(checks).toEqual([
      { stream: 'user-sam', expected: 0 },
      { stream: 'category-name-sedan', expected: 0 },
      { stream: 'category-cat-sedan', expected: 0 },
    ]);
  });
});

describe('a user deletion, then the category deletion it makes possible', () => {
  it('lets the admin delete the emptied category', async () => {
    const removeSam = await run(history, {
      type: 'DeleteUser',
      actor: actor('ada'),
      data: { userId: 'sam' },
    });
    const after = [...history, ...removeSam.appends.flatMap((append) => append.events)];
    const removeSuv = await run(after, {
      type: 'DeleteCategory',
      actor: actor('ada'),
      data: { categoryId: suv.categoryId },
    });
    expect(removeSuv.appends.map((append) => append.stream)).toEqual([
      'category-cat-suv',
      'category-name-suv',
    ]);
    await expect(
      run(history, {
        type: 'DeleteCategory',
        actor: actor('ada'),
        data: { categoryId: suv.categoryId },
      }),
    ).rejects.toThrow(/still has 1 car;/);
  });
});

describe('withMetadata', () => {
  it('attaches the actor, the time, the correlation and causation ids and the schema version', () => {
    const events: DomainEvent[] = [
      { type: 'CarAdvertised', data: { carId: 'car-1' } },
      { type: 'UserBecameSeller', data: { userId: 'bob' } },
    ];
    const stored = withMetadata(events, {
      actor: actor('bob', 'Buyer'),
      now: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
      correlationId: 'req-1',
      causationId: 'cmd-1',
    });
    const metadata = {
      actor: { uid: 'bob', email: 'bob@example.com', role: 'Buyer' },
      occurredAt: '2026-01-02T03:04:05.000Z',
      correlationId: 'req-1',
      causationId: 'cmd-1',
      schemaVersion: 1,
    };
    expect(stored).toEqual([
      { type: 'CarAdvertised', data: { carId: 'car-1' }, metadata },
      { type: 'UserBecameSeller', data: { userId: 'bob' }, metadata },
    ]);
    expect(EventMetadata.parse(stored[0]?.metadata)).toEqual(metadata);
  });

  it('takes the time as an ISO string too', () => {
    const [stored] = withMetadata([{ type: 'CarAdvertised', data: { carId: 'car-1' } }], {
      actor: system,
      now: '2026-01-02T03:04:05Z',
      correlationId: 'c',
      causationId: 'c',
    });
    expect(stored?.metadata.occurredAt).toBe('2026-01-02T03:04:05.000Z');
    expect(stored?.metadata.actor).toEqual(system);
  });
});

describe('recordedActor', () => {
  it('records the role the user stream holds, not the claimed one', () => {
    const ada = foldStream('user', registered('ada', 'Admin'));
    expect(recordedActor(actor('ada', 'Buyer'), ada)).toEqual(actor('ada', 'Admin'));
    expect(recordedActor(actor('eve', 'Seller'), initialUserState())).toEqual(
      actor('eve', 'Seller'),
    );
    expect(recordedActor(system, initialUserState())).toEqual(system);
  });
});

describe('DomainError', () => {
  const thrown = (reject: () => never): DomainError => {
    try {
      reject();
    } catch (error) {
      if (error instanceof DomainError) return error;
    }
    throw new Error('no DomainError');
  };

  it("takes its code from its rule, in the rule book's reject", () => {
    const reject = rejecter(ruleBooks.categories);
    const error = thrown(() => reject('category-has-cars', 'still has cars'));
    expect([error.code, error.rule, error.message, error.name, error.field]).toEqual([
      'conflict',
      'category-has-cars',
      'still has cars',
      'DomainError',
      undefined,
    ]);
    const input = thrown(() => reject('field-required', 'This field is required', 'name'));
    expect([input.code, input.rule, input.field]).toEqual(['invalid', 'field-required', 'name']);
    expect(Object.values(domainRules).sort()).toContain('not_found');
  });

  it('gives each rule one code, whichever rule books declare it', () => {
    const owners = new Map<string, [owner: string, code: string]>();
    const clashes: string[] = [];
    for (const [owner, book] of Object.entries(ruleBooks))
      for (const [rule, code] of Object.entries(book)) {
        const [first, firstCode] = owners.get(rule) ?? [owner, code];
        if (firstCode !== code) clashes.push(`${rule}: ${first} ${firstCode}, ${owner} ${code}`);
        owners.set(rule, [first, firstCode]);
      }
    expect(clashes).toEqual([]);
  });
});

describe('evolve', () => {
  it('counts a car once in its category and seller, whatever is replayed', () => {
    const twice = [...carListed('car-1', 'sam'), ...carListed('car-1', 'sam')];
    const category = foldStream('category', [
      ...categoryCreated(suv.categoryId, suv.name),
      ...twice,
    ]);
    const seller = foldStream('user', [...registered('sam', 'Seller'), ...twice]);
    expect(category.status === 'active' && category.carIds).toEqual(['car-1']);
    expect(seller.status === 'active' && seller.carIds).toEqual(['car-1']);
  });
});
