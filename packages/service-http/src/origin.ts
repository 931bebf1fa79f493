import type { FastifyRequest } from 'fastify';

/**
 * The origin absolute links start with: the configured public URL, else the request's own origin
 * (its protocol and Host), written as a URL writes it (no default port); a host no URL takes is
 * kept as sent.
 */
export const originOf = (request: FastifyRequest, publicUrl: string | undefined): string => {
  if (publicUrl !== undefined) return publicUrl;
  const named = `${request.protocol}://${request.host}`;
  try {
    return new URL(named).origin;
  } catch {
    return named;
  }
};
