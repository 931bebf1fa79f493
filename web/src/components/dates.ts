// Times from the API (ISO-8601) as the reader's locale writes them.

const read = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "Dec 1, 2026, 3:00 PM" in the reader's locale; a time that cannot be read, as it came. */
export function formatDateTime(iso: string): string {
  return read(iso)?.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) ?? iso;
}

/** "Dec 1, 2026" in the reader's locale; a date that cannot be read, as it came. */
export function formatDate(iso: string): string {
  return read(iso)?.toLocaleDateString(undefined, { dateStyle: 'medium' }) ?? iso;
}
