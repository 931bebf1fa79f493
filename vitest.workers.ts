// How the projects of one `vitest run` share the machine. Most test files own what they use (a
// database, a port, a directory of their own) and run three at a time in workers that keep the
// modules they loaded from one file to the next (`isolate: false`), which keeps two cores busy
// while files wait on PostgreSQL, the Auth Emulator or a child process. The browser tests
// and the fault tests follow in a second group of two workers: each browser-test worker runs
// its files one after another on a marketplace of its own (their files share its lists), and
// the fault tests, which start and stop whole processes of their own, take whichever worker is
// free.

/** The projects whose files run side by side: the first group. */
export const sideBySide = { maxWorkers: 3, isolate: false, sequence: { groupOrder: 0 } } as const;

/** The projects of the second group, two files at a time, after the first group. */
export const afterwards = { maxWorkers: 2, sequence: { groupOrder: 1 } } as const;
