// How the projects of one `vitest run` share the machine. Most test files own what they use (a
// database, a port, a directory of their own, whole processes they start and break) and run
// three at a time in workers that keep the modules they loaded from one file to the next
// (`isolate: false`), which keeps two cores busy while files wait on PostgreSQL, the Auth
// Emulator or a child process. The browser tests follow in a second group of three workers: each
// worker runs its files one after another on a marketplace of its own (their files share its
// lists).
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The projects whose files run side by side: the first group. */
export const sideBySide = { maxWorkers: 3, isolate: false, sequence: { groupOrder: 0 } } as const;

/**
 * The projects of the second group, three files at a time, after the first group: a browser
 * test waits on its page more than it computes, so two kept the machine a third idle.
 */
export const afterwards = { maxWorkers: 3, sequence: { groupOrder: 1 } } as const;

const root = import.meta.dirname;

/**
 * Seconds each test file took in a full run on a 2-core machine, for a clone that has not run
 * the tests yet (`npm run test:durations` records the last run's). A file missing from it counts
 * as quick.
 */
const recorded: Record<string, number> = JSON.parse(
  readFileSync(resolve(root, '.ci/test-durations.json'), 'utf8'),
);

/**
 * Orders each group so that its last minutes are not one long file alone on an idle machine,
 * and so that a worker can go on with the next file: a worker that keeps its modules is reused
 * only when the next file waiting is of the same project, otherwise it is stopped and a new one
 * started, which loads every module again. So a project's files follow each other, longest
 * first, and the projects come in the order of their longest file. This machine's last run says
 * how long a file takes; before its first, the recorded durations do.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (spec: TestSpecification): number => {
      const last = this.ctx.cache.getTestSpecificationResult(spec);
      if (last) return last.duration / 1000;
      return recorded[relative(root, spec.moduleId)] ?? 0;
    };
    const longest = new Map<string, number>();
    for (const spec of files) {
      const name = spec.project.name;
      longest.set(name, Math.max(longest.get(name) ?? 0, seconds(spec)));
    }
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    const project = (spec: TestSpecification) => longest.get(spec.project.name) ?? 0;
    return [...files].sort(
      (a, b) =>
        group(a) - group(b) ||
        project(b) - project(a) ||
        a.project.name.localeCompare(b.project.name) ||
        seconds(b) - seconds(a),
    );
  }
}
