// A visitor's public page (Home, a search, a category, a car, a seller, the blog) is the same for
// every visitor until the read model changes, so it is rendered once per version of the read
// model and kept, with its Brotli and gzip copies, until a commit moves the version. Signed-in
// members' requests are never answered from here, and nothing they are sent is kept.
import { type Copies, compressedCopies } from '@second-gear/service-http';
import { LRUCache } from 'lru-cache';

/**
 * The version of what pages are made from (the query service's read model), as of the request
 * that asks: undefined while it is unknown (a commit was heard and the version is being read
 * again), when nothing is kept.
 */
export type PageVersion = () => string | undefined | Promise<string | undefined>;

/** A page as it is sent: its HTML in each encoding a browser may take, and its tag. */
export interface KeptPage {
  version: string;
  etag: string;
  encodings: Copies;
}

/** A page's answer: its status and HTML, and whether it is the same for every visitor. */
export interface PageAnswer {
  status: number;
  html: string;
  /** A page rendered with its content (not the shell sent when rendering failed or was late). */
  keepable: boolean;
}

/** A rendering's answer, and the page kept from it when it was keepable. */
export interface Rendered {
  answer: PageAnswer;
  kept: KeptPage | undefined;
}

export interface PageKeepOptions {
  version: PageVersion;
  /** Names the build the pages come from, so a new build's pages never match an old tag. */
  build: string;
  /** Most pages kept (default 2,000) and most bytes of all their copies (default 64 MiB). */
  maxPages?: number;
  maxBytes?: number;
}

export interface PageKeep {
  /** The read model's version now. */
  version(): Promise<string | undefined>;
  /** The page kept for `url` at `version`, if any. */
  current(url: string, version: string): KeptPage | undefined;
  /** The page last kept for `url`, at whatever version: what is sent while a newer renders. */
  last(url: string): KeptPage | undefined;
  /** The rendering of `url` at `version` under way, which a request for it started. */
  rendering(url: string, version: string): Promise<Rendered> | undefined;
  /**
   * Runs `render` as the rendering of `url` at `version`, which requests for it meanwhile
   * share; a keepable answer is kept, compressed, before the rendering is over.
   */
  render(url: string, version: string, render: () => Promise<PageAnswer>): Promise<Rendered>;
}

/** Pages kept by URL (path and query), least recently asked for first out. */
export const pageKeep = ({
  version,
  build,
  maxPages = 2000,
  maxBytes = 64 * 1024 * 1024,
}: PageKeepOptions): PageKeep => {
  const kept = new LRUCache<string, KeptPage>({
    max: maxPages,
    maxSize: maxBytes,
    sizeCalculation: ({ encodings }) =>
      encodings.identity.byteLength + encodings.br.byteLength + encodings.gzip.byteLength + 200,
  });
  const renderings = new Map<string, { version: string; rendered: Promise<Rendered> }>();
  const etagOf = (at: string) => `W/"page.${build}.${at}"`;
  let latest: string | undefined;
  const keep = async (url: string, at: string, answer: PageAnswer): Promise<Rendered> => {
    if (!answer.keepable || answer.status !== 200) return { answer, kept: undefined };
    const page = {
      version: at,
      etag: etagOf(at),
      encodings: await compressedCopies(Buffer.from(answer.html)),
    };
    // A page of an older version never replaces one of the version now.
    const there = kept.peek(url)?.version;
    if (there === at || there !== latest) kept.set(url, page);
    return { answer, kept: page };
  };
  return {
    version: async () => {
      latest = await version();
      return latest;
    },
    current: (url, at) => {
      const page = kept.get(url);
      return page?.version === at ? page : undefined;
    },
    last: (url) => kept.get(url),
    rendering: (url, at) => {
      const under = renderings.get(url);
      return under?.version === at ? under.rendered : undefined;
    },
    render: (url, at, render) => {
      const rendered = render().then((answer) => keep(url, at, answer));
      const entry = { version: at, rendered };
      renderings.set(url, entry);
      const over = () => {
        if (renderings.get(url) === entry) renderings.delete(url);
      };
      rendered.then(over, over);
      return rendered;
    },
  };
};
