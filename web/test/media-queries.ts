// `window.matchMedia`, which jsdom lacks, as the tests give it: every query answered by `matches`.

/** A matchMedia whose lists answer `matches(query)` and never change. */
export const matchMediaBy =
  (matches: (query: string) => boolean) =>
  (query: string): MediaQueryList =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
