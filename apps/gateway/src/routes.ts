/** Which part answers a request: the one routing rule of the system, used by the gateway and the all-in-one process. */
export type Target = 'query' | 'command' | 'web';

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export const targetFor = (method: string, url: string): Target => {
  const path = url.split('?', 1)[0] ?? '/';
  // The command service's own OpenAPI document is a GET, but it describes the writes.
  if (isUnder(path, '/api/openapi/commands.json') || isUnder(path, '/api/docs/commands')) {
    return 'command';
  }
  if (isUnder(path, '/api')) {
    return method === 'GET' || method === 'HEAD' ? 'query' : 'command';
  }
  // The sitemap is read from the read model, so the query service answers it.
  if (path === '/sitemap.xml' || isUnder(path, '/sitemaps')) {
    return method === 'GET' || method === 'HEAD' ? 'query' : 'web';
  }
  // Uploaded pictures live with the service that stored them.
  if (isUnder(path, '/images')) return 'command';
  return 'web';
};
