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

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "just now", "5 minutes ago", "yesterday"; after a week, the date. */
export function formatAgo(iso: string, now = Date.now()): string {
  const date = read(iso);
  if (!date) return iso;
  const elapsed = now - date.getTime();
  if (elapsed < 60_000) return 'just now';
  if (elapsed >= 7 * 86_400_000) return formatDate(iso);
  const words = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, ms] of units) {
    if (elapsed >= ms) return words.format(-Math.floor(elapsed / ms), unit);
  }
  return 'just now';
}

/** "3:05 PM" for a time of today, "Dec 1, 2026, 3:05 PM" otherwise, in the reader's locale. */
export function formatShortTime(iso: string, now = new Date()): string {
  const date = read(iso);
  if (!date) return iso;
  if (date.toDateString() === now.toDateString()) {
    return date.toLocaleTimeString(undefined, { timeStyle: 'short' });
  }
  return formatDateTime(iso);
}

// The same on the server and in the browser (English, UTC), for pages a server renders: the
// browser's first render must read as the server's HTML.
const everywhere = (iso: string, options: Intl.DateTimeFormatOptions): string =>
  read(iso)?.toLocaleDateString('en-US', { ...options, timeZone: 'UTC' }) ?? iso;

/** "November 2026", the same on the server and in the browser. */
export function formatMonthYear(iso: string): string {
  return everywhere(iso, { month: 'long', year: 'numeric' });
}

/** "Nov 28, 2026", the same on the server and in the browser. */
export function formatDateEverywhere(iso: string): string {
  return everywhere(iso, { dateStyle: 'medium' });
}
