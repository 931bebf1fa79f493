export * from './events.ts';
export * from './favourites.ts';
export * from './member.ts';
export * from './projection.ts';
export * from './read-notifications.ts';
export * from './saved-searches.ts';
