export * from './contract.ts';
export * from './distance.ts';
export { type Place, placeOf, readGazetteer, suggestPlaces } from './gazetteer.ts';
export * from './read-routes.ts';
