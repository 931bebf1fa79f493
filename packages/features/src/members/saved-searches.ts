import { appendsOf, type Decision } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { required } from '../platform/validation.ts';
import { streams } from '../registry/events.ts';
import type { UserState } from '../users/index.ts';
import { requireActiveActor } from '../users/index.ts';
import type { MemberState } from './member.ts';
import { reject } from './rules.ts';

/** How many searches one member may keep. */
export const MAX_SAVED_SEARCHES = 50;

/** `query` is the search page's query, checked and put in order by the command service. */
export type SaveSearch = CommandOf<'SaveSearch', { searchId: string; name: string; query: string }>;
export type DeleteSavedSearch = CommandOf<'DeleteSavedSearch', { searchId: string }>;

/** A signed-in user saves a search under a name, to come back to it and hear of new matches. */
export const saveSearch = ({
  command,
  actorUser,
  member,
}: {
  command: SaveSearch;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `member-<actor.uid>` */
  member: MemberState;
}): Decision => {
  const user = requireActiveActor(actorUser);
  const { searchId, query } = command.data;
  const name = required(command.data.name, 'name');
  if (member.searches[searchId]) reject('saved-search-exists', `Search ${searchId} exists.`);
  if (Object.keys(member.searches).length >= MAX_SAVED_SEARCHES)
    reject('too-many-saved-searches', `Keep at most ${MAX_SAVED_SEARCHES} saved searches.`);
  return appendsOf([
    [
      streams.member(user.userId),
      { type: 'SearchSaved', data: { userId: user.userId, searchId, name, query } },
    ],
  ]);
};

/** A user deletes one of their saved searches. */
export const deleteSavedSearch = ({
  command,
  actorUser,
  member,
}: {
  command: DeleteSavedSearch;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `member-<actor.uid>` */
  member: MemberState;
}): Decision => {
  const user = requireActiveActor(actorUser);
  const { searchId } = command.data;
  if (!member.searches[searchId]) reject('saved-search-not-found', 'No such saved search.');
  return appendsOf([
    [
      streams.member(user.userId),
      { type: 'SavedSearchDeleted', data: { userId: user.userId, searchId } },
    ],
  ]);
};

export const saveSearchSlice = commandSlice({
  reads: (command: SaveSearch, read) => ({
    actorUser: read.user(command.actor.uid),
    member: read.member(command.actor.uid),
  }),
  decide: saveSearch,
});

export const deleteSavedSearchSlice = commandSlice({
  reads: (command: DeleteSavedSearch, read) => ({
    actorUser: read.user(command.actor.uid),
    member: read.member(command.actor.uid),
  }),
  decide: deleteSavedSearch,
});
