export * from './demo-data.ts';
export * from './marketplace.ts';
export * from './web-build.ts';
