export { buildQueryService, OPENAPI_PATH, type QueryServiceOptions } from './app.ts';
export { toFeedEvent } from './routes/feed.ts';
export { carSearchOf, explainCarSearch } from './search/car-search.ts';
export { encodeCursor } from './search/cursor.ts';
