// The audit answer, read tolerantly: the fields may come in camelCase or snake_case, and the list
// as an array or as { items, total, page, limit }.

export interface AuditEntry {
  id: string;
  at: string;
  actorEmail: string;
  actorRole: string;
  action: string;
  subjectType: string;
  subjectId: string;
  subjectLabel: string;
  details: Record<string, unknown>;
}

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

function pick(entry: Loose, ...keys: string[]): string {
  for (const key of keys) {
    const value = entry[key];
    if (typeof value === 'string' && value) return value;
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  }
  return '';
}

function toEntry(raw: unknown, index: number): AuditEntry | null {
  if (!isObject(raw)) return null;
  const actor = isObject(raw.actor) ? raw.actor : {};
  const subject = isObject(raw.subject) ? raw.subject : {};
  const details = isObject(raw.details) ? raw.details : isObject(raw.data) ? raw.data : {};
  return {
    id: pick(raw, 'id', 'eventId', 'event_id', '_id', 'position') || String(index),
    at: pick(raw, 'at', 'occurredAt', 'occurred_at', 'timestamp', 'time'),
    actorEmail:
      pick(raw, 'actorEmail', 'actor_email') || pick(actor, 'email') || pick(raw, 'actor'),
    actorRole: pick(raw, 'actorRole', 'actor_role') || pick(actor, 'role'),
    action: pick(raw, 'action', 'type', 'eventType', 'event_type'),
    subjectType: pick(raw, 'subjectType', 'subject_type') || pick(subject, 'type'),
    subjectId: pick(raw, 'subjectId', 'subject_id') || pick(subject, 'id'),
    subjectLabel: pick(raw, 'subjectLabel', 'subject_label') || pick(subject, 'label', 'name'),
    details,
  };
}

export function readAuditPage(
  data: unknown,
  headers?: Headers,
): { items: AuditEntry[]; total: number } {
  const list = Array.isArray(data)
    ? data
    : isObject(data)
      ? ([data.items, data.entries, data.events, data.data].find(Array.isArray) ?? [])
      : [];
  const items = (list as unknown[]).map(toEntry).filter((e): e is AuditEntry => e !== null);
  const header = Number(headers?.get('X-Total-Count'));
  const bodyTotal = isObject(data) ? Number(data.total) : Number.NaN;
  const total = Number.isFinite(bodyTotal)
    ? bodyTotal
    : Number.isFinite(header) && header > 0
      ? header
      : items.length;
  return { items, total };
}

export function formatWhen(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString();
}

export function formatDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
    .join(', ');
}
