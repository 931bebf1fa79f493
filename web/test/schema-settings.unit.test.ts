import { describe, expect, it } from 'vitest';
import '../src/app/schema-settings.ts';
import { config } from 'zod';

describe("the schemas' settings in the browser", () => {
  it('tells zod not to compile code with eval, which the page may not run', () => {
    expect(config().jitless).toBe(true);
  });
});
