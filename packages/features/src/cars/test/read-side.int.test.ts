// What the cars' projection leaves in the read tables for a car's events: the model of a
// feature's read-side test (`readSide` in packages/features/test/read-side.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carAdvertised,
  carListed,
  categoryCreated,
  registered,
  suv,
} from '../../../test/fixtures.ts';
import { type ReadSide, readSide } from '../../../test/read-side.ts';

describe("a car's read side", () => {
  let side: ReadSide;
  beforeAll(async () => {
    side = await readSide();
    await side.apply(...registered('sam', 'Seller'), ...categoryCreated(suv.categoryId, suv.name));
  }, 60_000);
  afterAll(() => side?.close());

  const car = (id: string) =>
    side.tables
      .selectFrom('cars')
      .select(['name', 'advertised', 'price'])
      .where('id', '=', id)
      .executeTakeFirst();

  it('lists a car for sale, not advertised', async () => {
    await side.apply(...carListed('car-1', 'sam'));
    expect(await car('car-1')).toMatchObject({ name: 'Car car-1', advertised: 0 });
    expect(Number((await car('car-1'))?.price)).toBe(12_500);
  });

  it('shows an advertised car in Recommended Cars', async () => {
    await side.apply(...carListed('car-2', 'sam'), carAdvertised('car-2'));
    expect(await car('car-2')).toMatchObject({ advertised: 1 });
  });
});
