export * from './api-key.ts';
export * from './api-keys.ts';
export * from './events.ts';
export * from './webhook.ts';
export * from './webhooks.ts';
