import { describe, expect, it } from 'vitest';
import { formatDetails, readAuditPage } from '../src/pages/dashboard/audit-entries.ts';

describe('audit answer', () => {
  it('reads { items, total } in camelCase', () => {
    const page = readAuditPage({
      items: [
        {
          id: 'e1',
          at: '2026-01-01T10:00:00Z',
          actorEmail: 'admin@example.com',
          actorRole: 'Admin',
          action: 'promoted to admin',
          subjectType: 'user',
          subjectId: 'u2',
          subjectLabel: 'buyer@example.com',
          details: { from: 'Buyer' },
        },
      ],
      total: 41,
      page: 1,
      limit: 20,
    });
    expect(page.total).toBe(41);
    expect(page.items[0]).toMatchObject({
      actorEmail: 'admin@example.com',
      subjectLabel: 'buyer@example.com',
    });
  });

  it('reads a bare array in snake_case with the total from X-Total-Count', () => {
    const page = readAuditPage(
      [{ event_id: 'e2', occurred_at: 'x', actor_email: 's@example.com', event_type: 'CarBooked' }],
      new Headers({ 'X-Total-Count': '3' }),
    );
    expect(page.total).toBe(3);
    expect(page.items[0]).toMatchObject({
      id: 'e2',
      actorEmail: 's@example.com',
      action: 'CarBooked',
    });
  });

  it('reads the contract shape: a plain array, actor and subject objects, eventType', () => {
    const page = readAuditPage(
      [
        {
          id: '17',
          position: '17',
          eventId: 'ev-17',
          eventType: 'CarBooked',
          action: 'booked',
          at: '2026-01-01T10:00:00Z',
          actor: { uid: 'u1', email: 'buyer@example.com', role: 'Buyer' },
          subject: { type: 'car', id: 'car-1', label: 'Toyota Axio' },
          correlationId: 'c1',
          details: { price: 9000 },
        },
      ],
      new Headers({ 'X-Total-Count': '1' }),
    );
    expect(page.items[0]).toEqual({
      id: '17',
      at: '2026-01-01T10:00:00Z',
      actorEmail: 'buyer@example.com',
      actorRole: 'Buyer',
      action: 'booked',
      subjectType: 'car',
      subjectId: 'car-1',
      subjectLabel: 'Toyota Axio',
      details: { price: 9000 },
    });
  });

  it('formats details as key: value pairs', () => {
    expect(formatDetails({ price: 9000, meetup: 'Gulshan', empty: '' })).toBe(
      'price: 9000, meetup: Gulshan',
    );
  });
});
