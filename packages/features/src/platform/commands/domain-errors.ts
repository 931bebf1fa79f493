import { StreamDeletedError } from '@second-gear/event-store';
import { HttpProblem, statusTitle } from '@second-gear/service-http';
import { DomainError, type DomainErrorCode } from '../domain-error.ts';

/** The one place where a rejected command becomes an HTTP status. */
export const statusOfDomainError = {
  not_found: 404,
  forbidden: 403,
  conflict: 409,
  invalid: 400,
} as const satisfies Record<DomainErrorCode, number>;

/**
 * A command's fields as the public API names them, for the `errors` of a problem answer: the
 * commands say `categoryName`, `yearsOfUse`, `carId`; the clients send `category`, `use`,
 * `product_id`.
 */
const apiFieldNames: Record<string, string> = {
  categoryName: 'category',
  originalPrice: 'original_price',
  yearsOfUse: 'use',
  buyerPhone: 'buyer_phone',
  proposedTime: 'proposed_time',
  carId: 'product_id',
};

/** The problem type names the broken rule, so clients can tell two conflicts apart. */
export const ruleType = (rule: string) => `urn:second-gear:rule:${rule}`;

export function problemOfDomainError(error: DomainError): HttpProblem {
  const status = statusOfDomainError[error.code];
  const errors =
    error.code === 'invalid' && error.field !== undefined
      ? [{ field: apiFieldNames[error.field] ?? error.field, message: error.message }]
      : undefined;
  return new HttpProblem(status, statusTitle(status), error.message, errors, {
    type: ruleType(error.rule),
    cause: error,
  });
}

/**
 * A stream the command reads or writes was deleted for good (an operator's tombstone on
 * KurrentDB): what it held is gone, and no retry can change that.
 */
export function problemOfDeletedStream(error: StreamDeletedError): HttpProblem {
  return new HttpProblem(
    410,
    statusTitle(410),
    'What this request works on was deleted for good and can no longer change.',
    undefined,
    { type: ruleType('stream-deleted'), cause: error },
  );
}

/** Runs `work`, turning a DomainError, or a stream deleted for good, into its problem answer. */
export async function answeringDomainErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw problemOfDomainError(error);
    if (error instanceof StreamDeletedError) throw problemOfDeletedStream(error);
    throw error;
  }
}
