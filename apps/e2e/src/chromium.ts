import { accessSync, constants } from 'node:fs';
import sparticuzChromium from '@sparticuz/chromium';

/** Where Debian's `chromium` package puts the browser. */
const systemChromium = '/usr/bin/chromium';

const isExecutable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

let resolved: Promise<string> | undefined;

/**
 * The Chromium the browser tests and the web benchmark drive: `CHROME_PATH` when set, then
 * Debian's when installed, and otherwise the one `@sparticuz/chromium` ships inside its npm
 * package (unpacked into the temporary directory on first use). So `npm install` is enough to run
 * them; nothing is downloaded at run time.
 */
export const chromiumPath = (): Promise<string> => {
  resolved ??= (async () => {
    const configured = process.env.CHROME_PATH;
    if (configured) {
      if (!isExecutable(configured)) throw new Error(`CHROME_PATH=${configured} is not executable`);
      return configured;
    }
    if (isExecutable(systemChromium)) return systemChromium;
    return sparticuzChromium.executablePath();
  })();
  return resolved;
};
