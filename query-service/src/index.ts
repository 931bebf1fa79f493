export { buildQueryService, OPENAPI_PATH, type QueryServiceOptions } from './app.ts';
export { toFeedEvent } from './routes/feed.ts';
