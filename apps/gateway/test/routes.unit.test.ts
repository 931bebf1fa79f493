import { describe, expect, it } from 'vitest';
import { targetFor } from '../src/routes.ts';

describe('targetFor', () => {
  it.each([
    ['GET', '/api/products', 'query'],
    ['HEAD', '/api/products?page=2', 'query'],
    ['GET', '/api/jwt?email=a@b.co', 'query'],
    ['GET', '/api/feed/cars', 'query'],
    ['POST', '/api/product', 'command'],
    ['PUT', '/api/products/7', 'command'],
    ['DELETE', '/api/user/9', 'command'],
    ['POST', '/api/images', 'command'],
    ['GET', '/api/openapi/commands.json', 'command'],
    ['GET', '/api/openapi/queries.json', 'query'],
    ['GET', '/images/abc.webp', 'command'],
    ['GET', '/sitemap.xml', 'query'],
    ['HEAD', '/sitemaps/cars-1.xml', 'query'],
    ['POST', '/sitemap.xml', 'web'],
    ['GET', '/sitemaps.xml', 'web'],
    ['GET', '/robots.txt', 'web'],
    ['GET', '/', 'web'],
    ['GET', '/car/12', 'web'],
    ['GET', '/apiary', 'web'],
    ['GET', '/assets/index-1a2b.js', 'web'],
  ])('%s %s goes to the %s side', (method, url, target) => {
    expect(targetFor(method, url)).toBe(target);
  });
});
