import { type RefObject, useEffect, useRef } from 'react';

/**
 * Text typed into a server-rendered box before the browser took the page over. React keeps it
 * on screen but never hears of it: the box's change tracker starts from the text already there,
 * so the typing that put it there is not a change, and the box's state would still say what the
 * server rendered. Give the box the ref this returns: once the box is the browser's, `adopt`
 * hears the text on screen if it differs from `value`.
 */
export function useTypedEarly(
  value: string,
  adopt: (typed: string) => void,
): RefObject<HTMLInputElement | null> {
  const box = useRef<HTMLInputElement>(null);
  // Once, when the page is taken over: later text arrives through the box's change events.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first render's value only.
  useEffect(() => {
    const typed = box.current?.value;
    if (typed !== undefined && typed !== value) adopt(typed);
  }, []);
  return box;
}
