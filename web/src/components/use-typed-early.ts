import { type RefObject, useEffect } from 'react';

/**
 * Text typed into a server-rendered box before the browser took the page over. React keeps it
 * on screen but never hears of it: the box's change tracker starts from the text already there,
 * so the typing that put it there is not a change, and the box's state would still say what the
 * server rendered. Once the box is the browser's, `adopt` hears the text on screen if it differs.
 */
export function useTypedEarly(
  box: RefObject<HTMLInputElement | null>,
  value: string,
  adopt: (typed: string) => void,
): void {
  // Once, when the page is taken over: later text arrives through the box's change events.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first render's value only.
  useEffect(() => {
    const typed = box.current?.value;
    if (typed !== undefined && typed !== value) adopt(typed);
  }, []);
}
