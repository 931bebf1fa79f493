import type { PageQuery } from '@second-gear/contracts';
import { TOTAL_COUNT_HEADER } from '@second-gear/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
