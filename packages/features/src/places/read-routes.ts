import { problemAnswers, type ServiceApp } from '@second-gear/service-http';
import { z } from 'zod';
import { PlaceAnswer, PlacesQuery } from './contract.ts';
import { MAX_SUGGESTIONS, suggestPlaces } from './gazetteer.ts';

/** `GET /api/places`: the places a location box suggests as someone types. */
export function placeReadRoutes(app: ServiceApp): void {
  app.get(
    '/api/places',
    {
      // The gazetteer changes only with the product's version: any cache may keep an answer.
      config: { answerCache: 'public', reads: [] },
      schema: {
        operationId: 'suggestPlaces',
        tags: ['places'],
        summary: `Up to ${MAX_SUGGESTIONS} towns whose name begins as typed, most populous first`,
        description:
          'From an offline gazetteer of the towns of the world with at least 1,000 inhabitants ' +
          '(GeoNames). A car listed at one of them, and a search near one, are located.',
        querystring: PlacesQuery,
        response: { 200: z.array(PlaceAnswer), ...problemAnswers(400) },
        security: [],
      },
    },
    async (request) => suggestPlaces(request.query.q),
  );
}
