import { describe, it } from 'vitest';
import {
  actor,
  carDeleted,
  carListed,
  categoryCreated,
  registered,
  suv,
  userDeleted,
} from '../../../test/fixtures.ts';
import { given, on } from '../../../test/given.ts';
import { type Actor, type Command, MAX_SAVED_SEARCHES } from '../../index.ts';

const market = [
  registered('bob', 'Buyer'),
  registered('sam', 'Seller'),
  categoryCreated(suv.categoryId, suv.name),
  carListed('car-1', 'sam'),
];
const bob = actor('bob');
const favourited = { type: 'CarFavourited', data: { userId: 'bob', carId: 'car-1' } } as const;
const favourite = (by: Actor, carId = 'car-1'): Command => ({
  type: 'FavouriteCar',
  actor: by,
  data: { carId },
});
const unfavourite = (by: Actor, carId = 'car-1'): Command => ({
  type: 'UnfavouriteCar',
  actor: by,
  data: { carId },
});

describe('FavouriteCar and UnfavouriteCar', () => {
  it('keeps a car for sale as a favourite, once', async () => {
    await given(market).when(favourite(bob)).then(on('member-bob', favourited));
    await given(market, favourited).when(favourite(bob)).thenNothing();
  });

  it('lets a favourite go, even of a car that is gone, and only once', async () => {
    await given(market, favourited, carDeleted('car-1', 'sam'))
      .when(unfavourite(bob))
      .then(on('member-bob', { type: 'CarUnfavourited', data: { userId: 'bob', carId: 'car-1' } }));
    await given(market).when(unfavourite(bob)).thenNothing();
  });

  it('refuses a car that is not for sale, and a deleted user', async () => {
    await given(market).when(favourite(bob, 'car-9')).thenThrows('not_found', 'car-not-found');
    await given(market, {
      type: 'CarSold',
      data: { carId: 'car-1', sellerId: 'sam', categoryId: suv.categoryId },
    })
      .when(favourite(bob))
      .thenThrows('conflict', 'car-sold');
    await given(market, userDeleted('bob'))
      .when(favourite(bob))
      .thenThrows('forbidden', 'actor-deleted');
  });
});

describe('SaveSearch and DeleteSavedSearch', () => {
  const save = (searchId: string, name = 'Cheap Corollas'): Command => ({
    type: 'SaveSearch',
    actor: bob,
    data: { searchId, name, query: 'make=Toyota&maxPrice=15000&model=Corolla' },
  });
  const saved = (searchId: string) =>
    ({
      type: 'SearchSaved',
      data: {
        userId: 'bob',
        searchId,
        name: 'Cheap Corollas',
        query: 'make=Toyota&maxPrice=15000&model=Corolla',
      },
    }) as const;

  it('saves a search under a trimmed name, and deletes it', async () => {
    await given(market)
      .when(save('s-1', '  Cheap Corollas '))
      .then(on('member-bob', saved('s-1')));
    await given(market, saved('s-1'))
      .when({ type: 'DeleteSavedSearch', actor: bob, data: { searchId: 's-1' } })
      .then(
        on('member-bob', { type: 'SavedSearchDeleted', data: { userId: 'bob', searchId: 's-1' } }),
      );
  });

  it('needs a name, keeps at most a few dozen, and deletes only what exists', async () => {
    await given(market).when(save('s-1', ' ')).thenThrows('invalid', 'field-required');
    const many = Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) => saved(`s-${i}`));
    await given(market, many).when(save('s-new')).thenThrows('conflict', 'too-many-saved-searches');
    await given(market)
      .when({ type: 'DeleteSavedSearch', actor: bob, data: { searchId: 's-1' } })
      .thenThrows('not_found', 'saved-search-not-found');
    await given(market, saved('s-1'), {
      type: 'SavedSearchDeleted',
      data: { userId: 'bob', searchId: 's-1' },
    })
      .when({ type: 'DeleteSavedSearch', actor: bob, data: { searchId: 's-1' } })
      .thenThrows('not_found', 'saved-search-not-found');
  });
});

describe('ReadNotifications', () => {
  const read = (upTo: string): Command => ({
    type: 'ReadNotifications',
    actor: bob,
    data: { upTo },
  });

  it('moves the mark forward only', async () => {
    await given(market)
      .when(read('42'))
      .then(on('member-bob', { type: 'NotificationsRead', data: { userId: 'bob', upTo: '42' } }));
    await given(market, { type: 'NotificationsRead', data: { userId: 'bob', upTo: '42' } })
      .when(read('41'))
      .thenNothing();
  });
});

describe('ChangeProfile', () => {
  const change = (data: {
    name?: string;
    phone?: string | null;
    photoURL?: string | null;
  }): Command => ({
    type: 'ChangeProfile',
    actor: bob,
    data,
  });

  it('records only what changed', async () => {
    await given(market)
      .when(change({ name: ' Bob B. ', phone: '+1 555 0100', photoURL: null }))
      .then(
        on('user-bob', {
          type: 'UserProfileChanged',
          data: { userId: 'bob', name: 'Bob B.', phone: '+1 555 0100' },
        }),
      );
  });

  it('clears the phone, and changes nothing when all is the same', async () => {
    const withPhone = {
      type: 'UserProfileChanged',
      data: { userId: 'bob', phone: '+1 555 0100' },
    } as const;
    await given(market, withPhone)
      .when(change({ phone: null }))
      .then(on('user-bob', { type: 'UserProfileChanged', data: { userId: 'bob', phone: null } }));
    await given(market, withPhone)
      .when(change({ name: 'Bob Buyer', phone: '+1 555 0100' }))
      .thenNothing();
  });

  it('needs a name when one is given, and an account that is not deleted', async () => {
    await given(market)
      .when(change({ name: ' ' }))
      .thenThrows('invalid', 'field-required');
    await given(market, userDeleted('bob'))
      .when(change({ name: 'B' }))
      .thenThrows('forbidden', 'actor-deleted');
  });
});
