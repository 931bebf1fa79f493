import { describe, expect, it } from 'vitest';
import {
  actor,
  carDeleted,
  carListed,
  categoryCreated,
  categoryDeleted,
  registered,
  suv,
  system,
} from '../../../test/fixtures.ts';
import { given, on } from '../../../test/given.ts';
import {
  DomainError,
  deleteCategory,
  foldStream,
  initialCategoryNameReservationState,
  liveCarIds,
} from '../../index.ts';

const create = (by: string, categoryId: string, name: string) =>
  ({ type: 'CreateCategory', actor: actor(by, 'Admin'), data: { categoryId, name } }) as const;
const remove = (by: string, categoryId: string) =>
  ({ type: 'DeleteCategory', actor: actor(by, 'Admin'), data: { categoryId } }) as const;

describe('CreateCategory', () => {
  it('creates a category and claims its name, case-insensitively', async () => {
    await given(registered('ada', 'Admin'))
      .when(create('ada', 'cat-1', ' Pickup Truck '))
      .then(
        on('category-cat-1', {
          type: 'CategoryCreated',
          data: { categoryId: 'cat-1', name: 'Pickup Truck' },
        }),
        on('category-name-pickup truck', {
          type: 'CategoryNameClaimed',
          data: { name: 'Pickup Truck', categoryId: 'cat-1' },
        }),
      );
  });

  it('lets the System actor create a category (seeding)', async () => {
    await given()
      .when({ ...create('system', 'cat-1', 'SUV'), actor: system })
      .then(
        on('category-cat-1', {
          type: 'CategoryCreated',
          data: { categoryId: 'cat-1', name: 'SUV' },
        }),
        on('category-name-suv', {
          type: 'CategoryNameClaimed',
          data: { name: 'SUV', categoryId: 'cat-1' },
        }),
      );
  });

  it('rejects a name already taken in another case', async () => {
    await given(registered('ada', 'Admin'), categoryCreated('cat-1', 'SUV'))
      .when(create('ada', 'cat-2', 'suv'))
      .thenThrows('conflict', 'category-name-taken', /SUV/);
  });

  it("reuses a deleted category's name", async () => {
    await given(
      registered('ada', 'Admin'),
      categoryCreated('cat-1', 'SUV'),
      categoryDeleted('cat-1', 'SUV'),
    )
      .when(create('ada', 'cat-2', 'Suv'))
      .then(
        on('category-cat-2', {
          type: 'CategoryCreated',
          data: { categoryId: 'cat-2', name: 'Suv' },
        }),
        on('category-name-suv', {
          type: 'CategoryNameClaimed',
          data: { name: 'Suv', categoryId: 'cat-2' },
        }),
      );
  });

  it('rejects a category id that already exists', async () => {
    await given(registered('ada', 'Admin'), categoryCreated('cat-1', 'SUV'))
      .when(create('ada', 'cat-1', 'Sedan'))
      .thenThrows('conflict', 'category-exists');
  });

  it('requires a name', async () => {
    const error = await given(registered('ada', 'Admin'))
      .when(create('ada', 'cat-1', '   '))
      .thenThrows('invalid', 'field-required', 'This field is required');
    expect(error.field).toBe('name');
  });

  it('rejects a Seller, a Buyer and someone not registered', async () => {
    await given(registered('sam', 'Seller'))
      .when(create('sam', 'cat-1', 'SUV'))
      .thenThrows('forbidden', 'admin-required');
    await given(registered('bob', 'Buyer'))
      .when(create('bob', 'cat-1', 'SUV'))
      .thenThrows('forbidden', 'admin-required');
    await given()
      .when(create('eve', 'cat-1', 'SUV'))
      .thenThrows('forbidden', 'actor-not-registered');
  });
});

describe('DeleteCategory', () => {
  it('deletes a category without cars and frees its name', async () => {
    await given(registered('ada', 'Admin'), categoryCreated('cat-1', 'SUV'))
      .when(remove('ada', 'cat-1'))
      .then(
        on('category-cat-1', {
          type: 'CategoryDeleted',
          data: { categoryId: 'cat-1', name: 'SUV' },
        }),
        on('category-name-suv', {
          type: 'CategoryNameReleased',
          data: { name: 'SUV', categoryId: 'cat-1' },
        }),
      );
  });

  it('rejects a category that still has cars, saying how many', async () => {
    await given(
      registered('ada', 'Admin'),
      registered('sam', 'Seller'),
      categoryCreated(suv.categoryId, suv.name),
      carListed('car-1', 'sam'),
      carListed('car-2', 'sam'),
    )
      .when(remove('ada', suv.categoryId))
      .thenThrows('conflict', 'category-has-cars', 'Category SUV still has 2 cars');
  });

  it('deletes a category once its cars are gone', async () => {
    await given(
      registered('ada', 'Admin'),
      registered('sam', 'Seller'),
      categoryCreated(suv.categoryId, suv.name),
      carListed('car-1', 'sam'),
      carDeleted('car-1', 'sam'),
    )
      .when(remove('ada', suv.categoryId))
      .then(
        on('category-cat-suv', {
          type: 'CategoryDeleted',
          data: { categoryId: suv.categoryId, name: 'SUV' },
        }),
        on('category-name-suv', {
          type: 'CategoryNameReleased',
          data: { name: 'SUV', categoryId: suv.categoryId },
        }),
      );
  });

  it('leaves a name another category has since claimed', async () => {
    // Cannot happen through the decisions; a reservation is only ever released by its owner.
    await given(
      registered('ada', 'Admin'),
      { type: 'CategoryCreated', data: { categoryId: 'cat-1', name: 'SUV' } },
      categoryCreated('cat-2', 'SUV'),
    )
      .when(remove('ada', 'cat-1'))
      .then(
        on('category-cat-1', {
          type: 'CategoryDeleted',
          data: { categoryId: 'cat-1', name: 'SUV' },
        }),
      );
  });

  it("counts the cars a store recorded on the category's own stream, as before they had their own", () => {
    // Written by an earlier version: the category's stream counted its cars itself.
    const category = foldStream('category', [
      { type: 'CategoryCreated', data: { categoryId: 'cat-old', name: 'Old' } },
      { type: 'CategoryCarAdded', data: { categoryId: 'cat-old', carId: 'a' } },
      { type: 'CategoryCarAdded', data: { categoryId: 'cat-old', carId: 'b' } },
    ]);
    if (category.status !== 'active') throw new Error('the category is active');
    const since = foldStream('categoryCars', [
      { type: 'CategoryCarRemoved', data: { categoryId: 'cat-old', carId: 'a' } },
      { type: 'CategoryCarAdded', data: { categoryId: 'cat-old', carId: 'c' } },
    ]);
    expect(liveCarIds(category, since).sort()).toEqual(['b', 'c']);
    const attempt = () =>
      deleteCategory({
        command: remove('ada', 'cat-old'),
        actorUser: foldStream('user', registered('ada', 'Admin')),
        category,
        categoryCars: foldStream('categoryCars', [
          { type: 'CategoryCarRemoved', data: { categoryId: 'cat-old', carId: 'a' } },
        ]),
        categoryName: initialCategoryNameReservationState(),
      });
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(/still has 1 car;/);
  });

  it('rejects an unknown or deleted category', async () => {
    await given(registered('ada', 'Admin'))
      .when(remove('ada', 'cat-1'))
      .thenThrows('not_found', 'category-not-found');
    await given(
      registered('ada', 'Admin'),
      categoryCreated('cat-1', 'SUV'),
      categoryDeleted('cat-1', 'SUV'),
    )
      .when(remove('ada', 'cat-1'))
      .thenThrows('not_found', 'category-not-found');
  });

  it('rejects a non-admin', async () => {
    await given(registered('sam', 'Seller'), categoryCreated('cat-1', 'SUV'))
      .when(remove('sam', 'cat-1'))
      .thenThrows('forbidden', 'admin-required');
  });
});
