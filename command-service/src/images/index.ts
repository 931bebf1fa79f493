// Car pictures: upload (re-encoded, metadata stripped), storage, and serving.
export * from './image-storage.ts';
export * from './images-routes.ts';
export * from './multipart-body.ts';
export * from './picture-check.ts';
export * from './process-image.ts';
export * from './serve-local-images.ts';
