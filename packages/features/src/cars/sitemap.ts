import { toPosition } from '@second-gear/read-model';
import { HttpProblem, type ServiceApp } from '@second-gear/service-http';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { ReadContext } from '../platform/reads/context.ts';

/** The most URLs one sitemap file may hold. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapOptions {
  /** The marketplace's origin (`https://cars.example.com`), which every link starts with. */
  publicUrl: string;
  /** Cars per file (default and most `SITEMAP_MAX_URLS`). */
  carsPerFile?: number;
}

/** The largest position PostgreSQL's bigint holds. */
const MAX_POSITION = 2n ** 63n - 1n;

/** The public pages every crawler may read, besides the cars. */
const PAGES = ['/', '/products', '/blog'] as const;

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text made safe inside an XML element or attribute. */
export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => XML_ENTITIES[character] ?? character);

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const urlEntry = (loc: string, lastmod?: Date) =>
  `<url><loc>${escapeXml(loc)}</loc>${
    lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''
  }</url>`;

const sendXml = (reply: FastifyReply, body: string) =>
  reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', 'public, max-age=600')
    .send(body);

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/**
 * The sitemap: `/sitemap.xml` is an index naming `/sitemaps/pages.xml` (the public pages) and
 * one `/sitemaps/cars-<first>.xml` per run of cars in listing order, each holding the cars
 * listed at position `first` and after, at most `carsPerFile` of them. Only cars a buyer can
 * open are named (neither deleted nor sold); booked ones are, as their pages still show them.
 * Every read is a range of the listing-order index: the index walks it a file's length at a
 * time, and a file reads its own run only.
 */
export const sitemapRoutes = (app: ServiceApp, ctx: ReadContext, options: SitemapOptions): void => {
  const perFile = Math.min(options.carsPerFile ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  const listed = () =>
    ctx.db
      .withSchema(ctx.schema)
      .selectFrom('cars')
      .where('deleted_at', 'is', null)
      .where('sold_at', 'is', null)
      .where('off_market', '=', false);
  const fromPosition = (first: bigint) =>
    sql<boolean>`listed_position >= cast(${first.toString()} as bigint)`;

  /** The first position of each file, in order. */
  const fileStarts = async (): Promise<bigint[]> => {
    const firstRow = await listed()
      .select('listed_position')
      .orderBy('listed_position')
      .limit(1)
      .executeTakeFirst();
    if (!firstRow) return [];
    const starts = [toPosition(firstRow.listed_position)];
    for (;;) {
      const next = await listed()
        .select('listed_position')
        .where(fromPosition(starts.at(-1) as bigint))
        .orderBy('listed_position')
        .offset(perFile)
        .limit(1)
        .executeTakeFirst();
      if (!next) return starts;
      starts.push(toPosition(next.listed_position));
    }
  };

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const origin = options.publicUrl;
    const files = ['pages', ...(await fileStarts()).map((first) => `cars-${first}`)];
    return sendXml(
      reply,
      `${XML_HEADER}<sitemapindex xmlns="${NAMESPACE}">\n${files
        .map(
          (file) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${file}.xml`)}</loc></sitemap>`,
        )
        .join('\n')}\n</sitemapindex>\n`,
    );
  });

  app.get('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const origin = options.publicUrl;
    if (file === 'pages.xml') {
      const newest = await listed()
        .select('listed_at')
        .orderBy('listed_position', 'desc')
        .limit(1)
        .executeTakeFirst();
      const changed = newest ? asDate(newest.listed_at) : undefined;
      const entries = PAGES.map((path) =>
        urlEntry(`${origin}${path}`, path === '/blog' ? undefined : changed),
      );
      return sendXml(reply, urlset(entries));
    }
    const match = /^cars-(\d{1,19})\.xml$/.exec(file);
    const first = match ? BigInt(match[1] as string) : undefined;
    if (first === undefined || first > MAX_POSITION) throw HttpProblem.notFound('No such sitemap.');
    const cars = await listed()
      .select(['id', 'listed_at', 'price_changed_at'])
      .where(fromPosition(first))
      .orderBy('listed_position')
      .limit(perFile)
      .execute();
    const entries = cars.map((car) => {
      const listedAt = asDate(car.listed_at);
      const priced = car.price_changed_at ? asDate(car.price_changed_at) : undefined;
      return urlEntry(
        `${origin}/car/${encodeURIComponent(car.id)}`,
        priced && priced > listedAt ? priced : listedAt,
      );
    });
    return sendXml(reply, urlset(entries));
  });
};

const urlset = (entries: string[]) =>
  `${XML_HEADER}<urlset xmlns="${NAMESPACE}">\n${entries.join('\n')}${
    entries.length > 0 ? '\n' : ''
  }</urlset>\n`;
