export * from './hosts.ts';
export * from './parse-env.ts';
export * from './settings.ts';
export * from './startup.ts';
export * from './variables.ts';
