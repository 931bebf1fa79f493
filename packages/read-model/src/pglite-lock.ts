// This lock stays hand-written (about 40 lines). proper-lockfile, the usual library, decides
// staleness by the lock's age rather than by its owner: it cannot say which process holds a
// directory (the error below names it), it takes over a dead process's lock only once the lock
// is some seconds old (this one at once, since the pid is gone), and it keeps its lock fresh on
// a timer, which PGlite's long synchronous work on the main thread can hold up past the
// threshold; the library then calls the lock compromised and by default throws from that timer.
// Its last release (4.1.2) is years old and depends on old majors of retry and signal-exit.
// Here the owner writes its pid, and a lock whose process is gone is stale at once.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { StartupError } from '@second-gear/config';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * An embedded database directory may be opened by one process only: a second PGlite on the same
 * files corrupts them. The owner holds `<dir>.lock` with its pid; a lock whose process is gone
 * is stale and taken over. Returns the release function.
 */
export const lockDatabaseDirectory = (dir: string): (() => void) => {
  const path = `${resolve(dir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        rmSync(path, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && alive(owner)) {
        throw new StartupError(
          `${resolve(dir)} is open in process ${owner}: stop it first (an embedded database ` +
            'can be opened by one process at a time), or give this one its own DATA_DIR.',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${resolve(dir)}`);
};
