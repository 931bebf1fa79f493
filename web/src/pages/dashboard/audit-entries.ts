// How an audit entry (the contract's `AuditEntry`) reads in the table.
import type { AuditEntry } from '@second-gear/features/contract';

/** The entry's time in the reader's locale; a time that cannot be read is shown as it came. */
export function formatWhen(at: AuditEntry['at']): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString();
}

/** The details as `key: value` pairs, leaving out empty ones; nested values as JSON. */
export function formatDetails(details: AuditEntry['details']): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
    .join(', ');
}
