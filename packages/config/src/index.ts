export * from './parse-env.ts';
export * from './settings.ts';
export * from './variables.ts';
