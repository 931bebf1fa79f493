import type { DomainEvent } from '../registry/events.ts';

/** A saved search: its name and the search page's query. */
export type SavedSearch = { searchId: string; name: string; query: string };

/** What a member keeps, from stream `member-<uid>`. */
export type MemberState = {
  /** Favourite cars, by id. */
  favourites: ReadonlySet<string>;
  /** Saved searches, by id. */
  searches: Readonly<Record<string, SavedSearch>>;
  /** The position up to which their notifications are read. */
  readUpTo: bigint;
};

export const initialMemberState = (): MemberState => ({
  favourites: new Set(),
  searches: {},
  readUpTo: 0n,
});

export const evolveMember = (state: MemberState, event: DomainEvent): MemberState => {
  switch (event.type) {
    case 'CarFavourited':
      return { ...state, favourites: new Set([...state.favourites, event.data.carId]) };
    case 'CarUnfavourited':
      return {
        ...state,
        favourites: new Set([...state.favourites].filter((id) => id !== event.data.carId)),
      };
    case 'SearchSaved': {
      const { searchId, name, query } = event.data;
      return { ...state, searches: { ...state.searches, [searchId]: { searchId, name, query } } };
    }
    case 'SavedSearchDeleted': {
      const { [event.data.searchId]: _, ...searches } = state.searches;
      return { ...state, searches };
    }
    case 'NotificationsRead': {
      const upTo = BigInt(event.data.upTo);
      return upTo > state.readUpTo ? { ...state, readUpTo: upTo } : state;
    }
    default:
      return state;
  }
};
