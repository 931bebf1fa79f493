// What the all-in-one's tests share.
import { type MarketplaceOptions, startMarketplace } from '../src/marketplace.ts';

/**
 * The marketplace on `dataDir` with only what a test of the API needs: any free port, no Auth
 * Emulator (nothing signs in with Firebase; the address is never called; tokens are signed with
 * the secret), no web build, no demo data, no log; `options` on top.
 */
export const startBareMarketplace = (dataDir: string, options: Partial<MarketplaceOptions> = {}) =>
  startMarketplace({
    dataDir,
    port: 0,
    authEmulatorHost: '127.0.0.1:9',
    webDist: false,
    seed: false,
    logLevel: 'silent',
    jwtSecret: 'test-secret-of-the-all-in-one-0123456789',
    ...options,
  });
