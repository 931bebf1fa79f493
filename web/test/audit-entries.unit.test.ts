// How an audit entry reads in the audit log's table.
import { describe, expect, it } from 'vitest';
import { actorOf, formatDetails, formatWhen } from '../src/pages/dashboard/audit-entries.ts';

describe('audit entry', () => {
  it('names the actor by email, a deleted person as a deleted user, and the system as system', () => {
    expect(actorOf({ email: 'ada@example.com', role: 'Admin' })).toBe('ada@example.com');
    expect(actorOf({ email: '', role: 'Seller' })).toBe('Deleted user');
    expect(actorOf({ email: '', role: 'System' })).toBe('system');
  });

  it('formats details as key: value pairs', () => {
    expect(formatDetails({ price: 9000, meetup: 'Gulshan', empty: '' })).toBe(
      'price: 9000, meetup: Gulshan',
    );
  });

  it('writes nested details as JSON and leaves out null ones', () => {
    expect(formatDetails({ from: { role: 'Buyer' }, reason: null })).toBe('from: {"role":"Buyer"}');
  });

  it('shows a time it cannot read as it came, and a readable one in the local format', () => {
    expect(formatWhen('yesterday-ish')).toBe('yesterday-ish');
    const at = '2026-01-01T10:00:00Z';
    expect(formatWhen(at)).toBe(new Date(at).toLocaleString());
  });
});
