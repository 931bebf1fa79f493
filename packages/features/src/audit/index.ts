export * from './projection.ts';
export * from './read-routes.ts';
export * from './time-travel.ts';
