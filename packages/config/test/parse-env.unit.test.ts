import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allInOneSettings,
  ConfigError,
  commandServiceSettings,
  gatewaySettings,
  parseEnv,
  secret as secretSchema,
} from '../src/index.ts';

const secret = 'x'.repeat(32);

describe('parseEnv', () => {
  it('applies defaults when nothing is set', () => {
    const settings = parseEnv(allInOneSettings, {});
    expect(settings).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: resolve('data'),
      SEED_DEMO_DATA: true,
      FIREBASE_PROJECT_ID: 'demo-second-gear',
    });
  });

  it('resolves paths from where the command was run, as npm says it (INIT_CWD)', () => {
    const settings = parseEnv(allInOneSettings, {
      INIT_CWD: '/home/me/second-gear',
      DATA_DIR: './data',
      WEB_DIST: '/srv/web',
    });
    expect(settings.DATA_DIR).toBe('/home/me/second-gear/data');
    expect(settings.WEB_DIST).toBe('/srv/web');
    expect(
      parseEnv(commandServiceSettings, {
        JWT_SECRET: secret,
        EVENT_STORE_URL: 'postgres://h/db',
        INIT_CWD: '/x',
      }).IMAGE_DIR,
    ).toBe('/x/data/images');
  });

  it('treats an empty variable as unset', () => {
    expect(parseEnv(gatewaySettings, { PORT: '' }).PORT).toBe(3000);
  });

  it('names the variable whose value is wrong', () => {
    expect(() => parseEnv(gatewaySettings, { PORT: 'eighty' })).toThrow(/PORT: expected a port/);
    expect(() => parseEnv(allInOneSettings, { SEED_DEMO_DATA: 'maybe' })).toThrow(
      /SEED_DEMO_DATA: expected true or false/,
    );
    expect(() => parseEnv(gatewaySettings, { QUERY_URL: 'not a url' })).toThrow(/QUERY_URL/);
  });

  it('lists every wrong variable at once', () => {
    try {
      parseEnv(commandServiceSettings, { PORT: '70000', JWT_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const variables = (error as ConfigError).problems.map((p) => p.variable);
      expect(variables).toEqual(expect.arrayContaining(['PORT', 'JWT_SECRET']));
    }
  });

  it('requires a store URL unless the store is embedded', () => {
    expect(() => parseEnv(commandServiceSettings, { JWT_SECRET: secret })).toThrow(
      /EVENT_STORE_URL: required when EVENT_STORE is postgres/,
    );
    expect(
      parseEnv(commandServiceSettings, { JWT_SECRET: secret, EVENT_STORE: 'pglite' }).EVENT_STORE,
    ).toBe('pglite');
  });

  it('takes the public address as an origin only', () => {
    expect(parseEnv(gatewaySettings, { PUBLIC_URL: 'https://cars.example.com/' }).PUBLIC_URL).toBe(
      'https://cars.example.com',
    );
    expect(parseEnv(allInOneSettings, {}).PUBLIC_URL).toBeUndefined();
    for (const wrong of ['cars.example.com', 'ftp://cars.example.com', 'https://x.com/shop']) {
      expect(() => parseEnv(gatewaySettings, { PUBLIC_URL: wrong })).toThrow(
        /PUBLIC_URL: expected an http or https origin/,
      );
    }
  });

  it('requires a bucket for S3 image storage', () => {
    expect(() =>
      parseEnv(commandServiceSettings, {
        JWT_SECRET: secret,
        EVENT_STORE: 'pglite',
        IMAGE_STORAGE: 's3',
      }),
    ).toThrow(/S3_BUCKET/);
  });
});

describe('a missing secret', () => {
  it('says it is required', () => {
    expect(() => parseEnv(gatewaySettings.extend({ JWT_SECRET: secretSchema }), {})).toThrow(
      /JWT_SECRET: required: a secret of at least 32 characters/,
    );
  });
});
