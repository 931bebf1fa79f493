import { HttpProblem } from '@second-gear/service-http';
import { z } from 'zod';
import { CarSort } from '../../contract/index.ts';

/** Where a page ends in a sort: the sort key of its last car and that car's listing position. */
export interface CarCursor {
  sort: CarSort;
  /** The sort key's value (absent for newest, whose key is the position itself). */
  key: number | null;
  position: bigint;
}

const Encoded = z.tuple([CarSort, z.number().finite().nullable(), z.string().regex(/^\d{1,19}$/)]);

/** Opaque to clients: base64url of a small JSON tuple. */
export const encodeCursor = ({ sort, key, position }: CarCursor): string =>
  Buffer.from(JSON.stringify([sort, key, position.toString()])).toString('base64url');

const invalid = (message: string) =>
  HttpProblem.badRequest(`Invalid request: querystring.cursor: ${message}`, [
    { field: 'querystring.cursor', message },
  ]);

/** Reads a cursor for the given sort; a cursor that was altered or made for another sort is a 400. */
export const decodeCursor = (cursor: string, sort: CarSort): CarCursor => {
  let parsed: z.infer<typeof Encoded>;
  try {
    parsed = Encoded.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw invalid('Not a cursor of this list: start again from the first page');
  }
  const [cursorSort, key, position] = parsed;
  if (cursorSort !== sort) throw invalid(`Made for sort ${cursorSort}, not ${sort}`);
  if ((key === null) !== (sort === 'newest')) {
    throw invalid('Not a cursor of this list: start again from the first page');
  }
  return { sort, key, position: BigInt(position) };
};
