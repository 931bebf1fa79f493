import { expireCarSlice, renewCarSlice, warnCarExpirySlice } from './listing-term.ts';

/** The commands of this feature, by type: each one's slice. The registry lists them with every other feature's. */
export const expiryCommands = {
  RenewCar: renewCarSlice,
  WarnCarExpiry: warnCarExpirySlice,
  ExpireCar: expireCarSlice,
} as const;
