// The operations page: each projection and reactor with its health, lag, rate and last error,
// read again every few seconds. The network is stubbed at fetch (see harness.tsx).
import type { OpsStatus } from '@second-gear/features/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { behindText, rateOf } from '../src/pages/dashboard/operations.tsx';
import { json, renderApp, stubApi, userRecord } from './harness.tsx';

const admin = userRecord('Admin');

const projection = (
  name: string,
  eventsApplied: number,
  more: Partial<OpsStatus['projections'][number]> = {},
): OpsStatus['projections'][number] => ({
  name,
  position: '120',
  lagEvents: 0,
  lagEventsCapped: false,
  lagSeconds: 0,
  parked: 0,
  eventsApplied,
  updatedAt: '2026-11-24T10:00:00Z',
  refused: null,
  ...more,
});

const look = (at: string, carsApplied: number): OpsStatus => ({
  at,
  head: '130',
  projections: [
    projection('cars', carsApplied, { lagEvents: 10, lagSeconds: 2.4, position: '120' }),
    projection('audit', 500, { refused: 'its checkpoint was written against another event store' }),
  ],
  reactors: [
    {
      name: 'identity-accounts',
      position: '118',
      lagEvents: 12,
      lagEventsCapped: false,
      lagSeconds: 30,
      parked: 0,
      failing: {
        position: '119',
        attempts: 4,
        since: '2026-11-24T09:59:00Z',
        lastError: 'Error: the sign-in service does not answer',
        nextAttemptAt: '2026-11-24T10:00:30Z',
      },
    },
  ],
  failedDeliveries: [
    {
      endpointId: 'hook-1',
      url: 'https://hooks.example.com/cars',
      messageId: 'msg_1',
      attempt: 2,
      position: '125',
      eventId: 'e125',
      eventType: 'CarListed',
      ok: false,
      statusCode: 503,
      latencyMs: 40,
      response: 'busy',
      at: '2026-11-24T09:59:50Z',
      nextAttemptAt: '2026-11-24T10:05:00Z',
      replay: false,
    },
  ],
  pendingMigrations: [],
  unfinishedRebuild: false,
  rebuild: { command: 'npm run projections -- rebuild', docs: 'docs/read-model.md' },
});

describe('the operations page', () => {
  it('shows each projection and reactor, then their rates from the next look', async () => {
    const looks = [look('2026-11-24T10:00:00Z', 1000), look('2026-11-24T10:00:03Z', 1300)];
    let asked = 0;
    stubApi({
      'GET /api/user/admin%40example.com': admin,
      'GET /api/ops/status': () => json(looks[Math.min(asked++, looks.length - 1)]),
    });
    renderApp('/user/operations', { as: admin });

    expect(await screen.findByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
    const projections = await screen.findByRole('table', { name: /Projections/ });
    const cars = within(projections).getByRole('row', { name: /^cars/ });
    expect(cars).toHaveTextContent('Behind');
    expect(cars).toHaveTextContent('10 events, oldest 2 s');
    const audit = within(projections).getByRole('row', { name: /^audit/ });
    expect(audit).toHaveTextContent('Stopped');
    expect(audit).toHaveTextContent('another event store');
    const reactors = screen.getByRole('table', { name: /Reactors/ });
    expect(within(reactors).getByRole('row', { name: /identity-accounts/ })).toHaveTextContent(
      /Failing.*the sign-in service does not answer \(attempt 4/,
    );
    const failed = screen.getByRole('table', { name: 'The last failed webhook deliveries' });
    expect(within(failed).getByRole('row', { name: /hooks\.example\.com/ })).toHaveTextContent(
      /CarListed at 125.*503/,
    );
    expect(screen.getByText('npm run projections -- rebuild')).toBeVisible();

    // Three seconds later: 300 more events applied by cars, 100 a second.
    await waitFor(
      () =>
        expect(within(projections).getByRole('row', { name: /^cars/ })).toHaveTextContent(
          '100 events/s',
        ),
      { timeout: 8000 },
    );
  }, 15_000);

  it('says how far behind in words, and the rate between two looks', () => {
    expect(behindText(projection('cars', 1))).toBe('Caught up');
    expect(
      behindText(
        projection('cars', 1, { lagEvents: 10_000, lagEventsCapped: true, lagSeconds: 61.6 }),
      ),
    ).toBe('over 10,000 events, oldest 62 s');
    expect(
      rateOf(
        { at: '2026-11-24T10:00:02Z', eventsApplied: 50 },
        { at: '2026-11-24T10:00:00Z', eventsApplied: 10 },
      ),
    ).toBe(20);
    expect(rateOf({ at: '2026-11-24T10:00:00Z', eventsApplied: 5 }, undefined)).toBeUndefined();
  });
});
