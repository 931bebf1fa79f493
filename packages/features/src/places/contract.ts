import { z } from 'zod';
import { TEXT_MAX } from '../platform/rules.ts';

/** `GET /api/places?q=`: the start of a place's name, and after a comma its state or country. */
export const PlacesQuery = z.object({
  q: z
    .string({ error: 'Must be text' })
    .trim()
    .min(2, 'At least 2 characters')
    .max(TEXT_MAX.location, `At most ${TEXT_MAX.location} characters`)
    .describe('"Boul", "Aurora, CO", "Lyon, Fr"'),
});
export type PlacesQuery = z.infer<typeof PlacesQuery>;

export const PlaceAnswer = z.object({
  label: z.string().describe('The place as a listing or a search writes it: "Boulder, CO"'),
  latitude: z.number(),
  longitude: z.number(),
});
export type PlaceAnswer = z.infer<typeof PlaceAnswer>;
