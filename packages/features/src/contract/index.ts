export * from '../bookings/contract.ts';
export { type BookingStatus, bookingStatuses } from '../platform/rules.ts';
export * from './car-feed.ts';
export * from './cars.ts';
export * from './fields.ts';
export * from './numbers.ts';
export * from './pictures.ts';
export * from './reads.ts';
export * from './writes.ts';
