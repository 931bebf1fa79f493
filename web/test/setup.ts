import '@testing-library/jest-dom/vitest';
import { defaultConfig } from '@chakra-ui/react';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { system } from '../src/app/theme.ts';
import { matchMediaBy } from './media-queries.ts';

// The machine running the tests may be busy: give screens time to load their lazy chunks.
configure({ asyncUtilTimeout: 5000 });

// The server's rendering is tested in Node (`@vitest-environment node`), without a window.
const browser = typeof window !== 'undefined';

if (browser) {
  // jsdom lacks a few browser APIs the UI library and the theme switcher use.
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: matchMediaBy(() => false),
    });
  }

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
  // Chosen pictures are shown from memory (object URLs), which jsdom does not make.
  let objectUrls = 0;
  URL.createObjectURL ??= () => `blob:picture-${++objectUrls}`;
  URL.revokeObjectURL ??= () => {};
  window.scrollTo = () => {};
  Element.prototype.scrollTo ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
}

// The system carries only the recipes of the components the app uses (src/app/theme.ts). A
// component whose recipe Chakra has but the system lacks would render unstyled without a word:
// every screen a test renders is checked for one.
const unstyled = new Set<string>();
const chakraRecipes = new Set(Object.keys(defaultConfig.theme?.recipes ?? {}));
const chakraSlotRecipes = new Set(Object.keys(defaultConfig.theme?.slotRecipes ?? {}));
const { getRecipeFn, getSlotRecipeFn } = system;
system.getRecipeFn = (key, fallback) => {
  if (chakraRecipes.has(key) && !system.isRecipe(key)) unstyled.add(key);
  return getRecipeFn(key, fallback);
};
system.getSlotRecipeFn = (key, fallback) => {
  if (chakraSlotRecipes.has(key) && !system.isSlotRecipe(key)) unstyled.add(key);
  return getSlotRecipeFn(key, fallback);
};

afterEach(() => {
  const missing = [...unstyled];
  unstyled.clear();
  cleanup();
  if (browser) localStorage.clear();
  vi.unstubAllGlobals();
  expect(missing, 'recipes used but left out of src/app/theme.ts').toEqual([]);
});
