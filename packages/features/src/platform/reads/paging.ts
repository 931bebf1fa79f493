import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type PageQuery,
  TOTAL_COUNT_HEADER,
  TOTAL_ESTIMATED_HEADER,
} from '../../contract/fields.ts';

export const offsetOf = ({ page, limit }: PageQuery): number => (page - 1) * limit;

/**
 * Totals of a list in headers, so the answer stays the plain array the API's clients expect:
 * `X-Total-Count` and an RFC 8288 `Link` with first, prev, next and last.
 */
export const setPageHeaders = (
  request: FastifyRequest,
  reply: FastifyReply,
  { page, limit }: PageQuery,
  total: number,
): void => {
  const last = Math.max(1, Math.ceil(total / limit));
  const url = new URL(request.url, 'http://x');
  const at = (n: number) => {
    url.searchParams.set('page', String(n));
    url.searchParams.set('limit', String(limit));
    return `<${url.pathname}${url.search}>`;
  };
  const links = [`${at(1)}; rel="first"`];
  if (page > 1) links.push(`${at(Math.min(page - 1, last))}; rel="prev"`);
  if (page < last) links.push(`${at(page + 1)}; rel="next"`);
  links.push(`${at(last)}; rel="last"`);
  reply.header(TOTAL_COUNT_HEADER, String(total));
  reply.header('Link', links.join(', '));
};

/**
 * Totals and links of a search: `X-Total-Count` (with `X-Total-Count-Estimated: true` when it
 * is an estimate), and a `Link` with the first page and, when there is one, the next page as a
 * cursor, so page 1,000 costs what page 1 costs.
 */
export const setSearchHeaders = (
  request: FastifyRequest,
  reply: FastifyReply,
  { limit }: Pick<PageQuery, 'limit'>,
  next: string | undefined,
  { total, estimated }: { total: number; estimated: boolean },
): void => {
  const url = new URL(request.url, 'http://x');
  const link = (changes: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) url.searchParams.delete(key);
      else url.searchParams.set(key, value);
    }
    return `<${url.pathname}${url.search}>`;
  };
  const links = [
    `${link({ cursor: undefined, page: undefined, limit: String(limit) })}; rel="first"`,
  ];
  if (next !== undefined) links.push(`${link({ cursor: next })}; rel="next"`);
  reply.header(TOTAL_COUNT_HEADER, String(total));
  if (estimated) reply.header(TOTAL_ESTIMATED_HEADER, 'true');
  reply.header('Link', links.join(', '));
};
