// How an audit entry (the contract's `AuditEntry`) reads in the table.
import { type AuditEntry, ERASED_NAME } from '@second-gear/features/contract';

/**
 * Who acted: their email; for a deleted person (whose email is erased), the name that stands
 * for them; for the system's own work, "system".
 */
export function actorOf(actor: { email: string; role?: string | null | undefined }): string {
  if (actor.email) return actor.email;
  return actor.role && actor.role !== 'System' ? ERASED_NAME : 'system';
}

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
