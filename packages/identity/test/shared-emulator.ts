// A vitest global setup: one Auth Emulator for every test file of a run, however many projects
// ask for it. Starting one costs seconds of CPU (the emulator compiles its API on start), so a
// file per emulator made the suite wait on emulators more than on tests. Test users are made
// with unique emails, so files sharing one never meet each other's accounts.
//
// Each project that lists this file runs it once. The projects of a run live in one process, so
// the emulator is kept on `globalThis`, counted, and stopped by the last project's teardown.
import type { TestProject } from 'vitest/node';
import { type AuthEmulator, startAuthEmulator } from '../src/auth-emulator.ts';

/** What a test file receives through `inject('authEmulator')`. */
export interface SharedAuthEmulator {
  host: string;
  projectId: string;
}

declare module 'vitest' {
  interface ProvidedContext {
    authEmulator?: SharedAuthEmulator;
  }
}

const KEY = Symbol.for('second-gear.shared-auth-emulator');
type Shared = { emulator: Promise<AuthEmulator>; projects: number };
const registry = globalThis as { [KEY]?: Shared };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  registry[KEY] ??= { emulator: startAuthEmulator(), projects: 0 };
  const shared = registry[KEY];
  shared.projects++;
  const emulator = await shared.emulator;
  project.provide('authEmulator', { host: emulator.host, projectId: emulator.projectId });
  return async () => {
    shared.projects--;
    if (shared.projects > 0) return;
    delete registry[KEY];
    await emulator.stop();
  };
}
