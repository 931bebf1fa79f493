export * from './car-feed.ts';
export * from './cars.ts';
export * from './numbers.ts';
export * from './pictures.ts';
export * from './reads.ts';
export * from './writes.ts';
