export * from './page-head.ts';
export * from './page-render.ts';
export * from './proxy.ts';
export * from './routes.ts';
export * from './web-app.ts';
