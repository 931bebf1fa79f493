export * from './commands.ts';
export * from './contract.ts';
export * from './effects.ts';
export * from './events.ts';
export * from './listing-term.ts';
export * from './schedule.ts';
export * from './write-routes.ts';
