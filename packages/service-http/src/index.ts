// HTTP conventions shared by the services: problem+json errors, security headers, zod
// validation with the product's messages, OpenAPI, read-your-writes headers, logging, metrics,
// readiness and the app factory.
export * from './closed.ts';
export * from './create-service-app.ts';
export * from './encodings.ts';
export * from './hosts.ts';
export * from './logging.ts';
export * from './metrics.ts';
export * from './openapi.ts';
export * from './positions.ts';
export * from './problem.ts';
export * from './readiness.ts';
export * from './security-headers.ts';
export * from './storable-text.ts';
export * from './validation.ts';
