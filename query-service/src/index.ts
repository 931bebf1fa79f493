export { type ReadModelVersion, readModelVersionOf } from './answer-cache.ts';
export { buildQueryService, OPENAPI_PATH, type QueryServiceOptions } from './app.ts';
