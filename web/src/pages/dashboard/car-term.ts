import type { CarRecord } from '@second-gear/features/contract';
import { DAY_MS, EXPIRY_NOTICE_DAYS } from '@second-gear/features/rules';

/** Whether a car for sale is in the last days of its term, or past it: time to renew. */
export const renewable = (car: CarRecord, now = Date.now()) =>
  car.sold === 0 &&
  (car.off_market === 'expired' || Date.parse(car.expires_at) - now <= EXPIRY_NOTICE_DAYS * DAY_MS);
