export * from './reads.ts';
export * from './writes.ts';
