// Media queries read while rendering, so a page the browser renders has the layout of its screen
// from the first paint (a layout switched after an effect would move the page as it loads). On a
// page a server rendered, every query reads as not matching until the browser has taken the page
// over; the layouts that differ by screen are in CSS there, and these only tune it.
import { useSyncExternalStore } from 'react';

/** Chakra's breakpoints, in rem: `sm`, `md`, `lg`. */
const breakpoints = { sm: 30, md: 48, lg: 64 } as const;

type Subscribe = (changed: () => void) => () => void;
const subscriptions = new Map<string, Subscribe>();

/** One subscribe function per query, so a re-render does not subscribe again. */
function subscribeTo(query: string): Subscribe {
  let subscribe = subscriptions.get(query);
  if (!subscribe) {
    subscribe = (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    };
    subscriptions.set(query, subscribe);
  }
  return subscribe;
}

/** Whether the media query matches now; it re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    subscribeTo(query),
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below `md` (48rem, 768 px): a phone, where tables become cards and panels drawers. */
export const PHONE = `(max-width: ${breakpoints.md - 0.02}rem)`;

export function usePhone(): boolean {
  return useMediaQuery(PHONE);
}

/** How many car cards a row of the grid holds now: 4 on large screens, 3 on medium, 2, 1. */
export function useCarColumns(): number {
  const sm = useMediaQuery(`(min-width: ${breakpoints.sm}rem)`);
  const md = useMediaQuery(`(min-width: ${breakpoints.md}rem)`);
  const lg = useMediaQuery(`(min-width: ${breakpoints.lg}rem)`);
  return lg ? 4 : md ? 3 : sm ? 2 : 1;
}
