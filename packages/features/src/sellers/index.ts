export * from './contract.ts';
export * from './read-routes.ts';
