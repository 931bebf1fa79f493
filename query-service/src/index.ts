export { buildQueryService, OPENAPI_PATH, type QueryServiceOptions } from './app.ts';
