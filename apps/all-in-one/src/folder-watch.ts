import { watch } from 'node:fs';

/**
 * Resolves once `check` answers true: at once, or after a change in `folder` (a file there
 * created, written, renamed or removed). Never on a timer; `check` runs again on every change.
 */
export const whenInFolder = (
  folder: string,
  check: () => boolean | Promise<boolean>,
): Promise<void> =>
  new Promise((done, fail) => {
    let settled = false;
    const look = async () => {
      if (settled || !(await check())) return;
      settled = true;
      watcher.close();
      done();
    };
    const watcher = watch(folder, () => void look().catch(fail));
    void look().catch(fail);
  });
