export * from './category.ts';
export * from './category-cars.ts';
export * from './category-name-reservation.ts';
export * from './create-category.ts';
export * from './delete-category.ts';
export * from './events.ts';
export * from './read-routes.ts';
export * from './write-routes.ts';
