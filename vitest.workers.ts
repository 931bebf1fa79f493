// How the projects of one `vitest run` share the machine. Most test files own what they use (a
// database, a port, a directory of their own) and run three at a time, which keeps two cores
// busy while files wait on PostgreSQL, the Auth Emulator or a child process. The browser tests
// share one marketplace and its lists, and the fault tests stop and start whole processes: those
// two projects run afterwards, beside each other, each one file at a time.

/** The projects whose files run side by side: the first group. */
export const sideBySide = { maxWorkers: 3, sequence: { groupOrder: 0 } } as const;

/** A project whose files run one at a time, after the groups before it (beside its group's others). */
export const oneAtATime = (groupOrder: number) =>
  ({ maxWorkers: 1, fileParallelism: false, sequence: { groupOrder } }) as const;
