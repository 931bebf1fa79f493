// The forms' schemas (zod, from the contract) would probe whether they may compile code with
// `eval` to check objects faster; the Content-Security-Policy refuses it, and the browser
// reports every refusal. They are told not to try ("jitless") before the first schema is made:
// the entry runs this, the forms' chunks come later. zod keeps its settings on
// `globalThis.__zod_globalConfig` (shared by every copy of zod on a page), so they are written
// there, and the first visit does not download zod to say it.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;

export {};
