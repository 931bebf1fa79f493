export { carSearchOf, encodeCursor, explainCarSearch, toFeedEvent } from '@second-gear/features';
export { buildQueryService, OPENAPI_PATH, type QueryServiceOptions } from './app.ts';
