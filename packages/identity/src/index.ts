// Identity: Firebase ID tokens, the service token and the Auth Emulator launcher.
export * from './api-key.ts';
export * from './auth-emulator.ts';
export * from './emulator-accounts.ts';
export * from './firebase-auth.ts';
export * from './service-token.ts';
