// Time travel in the Audit Log: a car as it was after an entry, at a moment typed, or after an
// event of its changes; the changes event by event; a subject opened by its id. The network is
// stubbed at fetch (see harness.tsx).

import type { AuditChange, AuditEntry, AuditState } from '@second-gear/features/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderApp, type StubbedCall, stubApi, userRecord } from './harness.tsx';

const admin = userRecord('Admin');
const seller = { uid: 's1', email: 'seller@example.com', role: 'Seller' };

const listed = {
  carId: 'car-1',
  name: 'Honda Civic',
  sellerId: 's1',
  image: '/images/front.webp',
  price: 12000,
  original_price: 20000,
};

/** The car after each of its events, by position. */
const states: Record<string, AuditState> = {
  '10': {
    subject: { type: 'car', id: 'car-1' },
    exists: true,
    version: 0,
    lastEvent: {
      position: '10',
      eventType: 'CarListed',
      at: '2026-11-20T10:00:00Z',
      actor: seller,
    },
    state: {
      status: 'listed',
      car: listed,
      images: ['/images/front.webp', '/images/back.webp'],
      advertised: false,
      booking: null,
      bookings: {},
    },
  },
  '12': {
    subject: { type: 'car', id: 'car-1' },
    exists: true,
    version: 1,
    lastEvent: {
      position: '12',
      eventType: 'CarPhotosChanged',
      at: '2026-11-21T09:30:00Z',
      actor: seller,
    },
    state: {
      status: 'listed',
      car: { ...listed, image: '/images/back.webp' },
      images: ['/images/back.webp', '/images/front.webp'],
      advertised: false,
      booking: null,
      bookings: {},
    },
  },
};

const changes: AuditChange[] = [
  {
    position: '10',
    eventType: 'CarListed',
    at: '2026-11-20T10:00:00Z',
    actor: seller,
    changes: [{ path: 'car.name', before: null, after: 'Honda Civic' }],
  },
  {
    position: '12',
    eventType: 'CarPhotosChanged',
    at: '2026-11-21T09:30:00Z',
    actor: seller,
    changes: [
      { path: 'car.image', before: '/images/front.webp', after: '/images/back.webp' },
      {
        path: 'images',
        before: ['/images/front.webp', '/images/back.webp'],
        after: ['/images/back.webp', '/images/front.webp'],
      },
    ],
  },
];

const entry: AuditEntry = {
  id: '10',
  position: '10',
  eventId: 'e10',
  eventType: 'CarListed',
  action: 'listed',
  at: '2026-11-20T10:00:00Z',
  actor: seller,
  subject: { type: 'car', id: 'car-1', label: 'Honda Civic' },
  correlationId: 'c10',
  details: {},
};

const list = (items: unknown[]) =>
  json(items, { headers: { 'X-Total-Count': String(items.length) } });

const stateAt = (call: StubbedCall) => {
  const query = new URL(call.url, 'http://x').searchParams;
  const position = query.get('position');
  const at = query.get('at');
  if (position) return json(states[position]);
  if (at && Date.parse(at) < Date.parse('2026-11-20T10:00:00Z')) {
    return json({ subject: { type: 'car', id: 'car-1' }, exists: false, version: -1, state: {} });
  }
  if (at && Date.parse(at) < Date.parse('2026-11-21T09:30:00Z')) return json(states['10']);
  return json(states['12']);
};

const adminApi = () =>
  stubApi({
    'GET /api/user/admin%40example.com': admin,
    'GET /api/audit': list([entry]),
    'GET /api/audit/state/car/car-1': stateAt,
    'GET /api/audit/changes/car/car-1': list(changes),
  });

const stateCalls = (calls: StubbedCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/audit/state/')).map((c) => c.url);

/** The value beside a label in the state's definition list. */
const fact = (label: string) => {
  const terms = within(screen.getByLabelText('Fields at this moment')).getAllByText(label, {
    selector: 'dt',
  });
  return terms[0]!.nextElementSibling as HTMLElement;
};

describe('time travel', () => {
  it("opens a car from an entry as it was after that entry, and lists each event's changes", async () => {
    const { calls } = adminApi();
    const { router } = renderApp('/user/audit', { as: admin });
    const user = userEvent.setup();
    const link = await screen.findByRole('link', {
      name: 'As it was… Honda Civic, after this entry',
    });
    expect(link).toHaveAttribute('href', '/user/audit/car/car-1?position=10');
    await user.click(link);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'As it was: Car Honda Civic' }),
    ).toBeInTheDocument();
    expect(stateCalls(calls)).toEqual(['/api/audit/state/car/car-1?position=10']);
    expect(await screen.findByText(/As it was after/, { selector: 'p' })).toHaveTextContent(
      /As it was after CarListed on .+, by seller@example\.com \(version 1\)\./,
    );
    expect(fact('Name')).toHaveTextContent('Honda Civic');
    expect(fact('Price')).toHaveTextContent('12000');
    expect(fact('Status')).toHaveTextContent('listed');
    expect(fact('Advertised')).toHaveTextContent('No');
    expect(within(fact('Image')).getByRole('img', { name: 'Image' })).toHaveAttribute(
      'src',
      '/images/front.webp',
    );
    expect(within(fact('Images')).getByRole('img', { name: 'Images 1 of 2' })).toHaveAttribute(
      'src',
      '/images/front.webp',
    );
    // The raw state, folded away.
    const raw = screen.getByText('Raw state (JSON)');
    expect(raw.closest('details')).not.toHaveAttribute('open');
    expect(raw.closest('details')).toHaveTextContent('"sellerId": "s1"');

    // The changes, oldest first, with who made them; the event shown is marked.
    const events = within(screen.getByRole('region', { name: 'Changes, event by event' }))
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');
    expect(events).toHaveLength(2);
    expect(events[0]).toHaveAttribute('aria-current', 'step');
    expect(events[1]).toHaveTextContent('CarPhotosChanged');
    expect(events[1]).toHaveTextContent('by seller@example.com (Seller)');
    expect(events[1]).toHaveTextContent('Image: /images/front.webp →became /images/back.webp');
    expect(events[1]).toHaveTextContent(
      'Images: /images/front.webp, /images/back.webp →became /images/back.webp, /images/front.webp',
    );

    // After the second event: the new cover.
    await user.click(within(events[1]!).getByRole('button', { name: 'As it was after this' }));
    await waitFor(() => expect(router.state.location.search).toBe('?position=12'));
    await waitFor(() =>
      expect(within(fact('Image')).getByRole('img')).toHaveAttribute('src', '/images/back.webp'),
    );
    expect(stateCalls(calls).at(-1)).toBe('/api/audit/state/car/car-1?position=12');
  });

  it('shows the car at a moment typed, and nothing before its first event', async () => {
    const { calls } = adminApi();
    renderApp('/user/audit/car/car-1', { as: admin });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'As it was: Car Honda Civic' });
    expect(stateCalls(calls)).toEqual(['/api/audit/state/car/car-1?']);
    await waitFor(() =>
      expect(within(fact('Image')).getByRole('img')).toHaveAttribute('src', '/images/back.webp'),
    );

    // The field starts again from each moment shown.
    const moment = () => screen.getByLabelText('Moment');
    await user.clear(moment());
    await user.type(moment(), '2026-11-20T12:00');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(within(fact('Image')).getByRole('img')).toHaveAttribute('src', '/images/front.webp'),
    );
    // The moment typed, in the reader's time, to the end of its minute.
    const asked = new URL(stateCalls(calls).at(-1)!, 'http://x').searchParams.get('at');
    expect(asked).toBe(new Date(2026, 10, 20, 12, 0, 59, 999).toISOString());

    await user.clear(moment());
    await user.type(moment(), '2026-01-01T08:00');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/Nothing yet at this moment/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Now' }));
    await waitFor(() => expect(stateCalls(calls).at(-1)).toBe('/api/audit/state/car/car-1?'));
  });

  it('steps through the events with the slider, and opens a subject by the id typed', async () => {
    const { calls } = adminApi();
    const { router } = renderApp('/user/audit', { as: admin });
    const user = userEvent.setup();
    const open = await screen.findByRole('form', { name: "Open a subject's history" });
    await user.selectOptions(within(open).getByLabelText('Type'), 'car');
    await user.type(within(open).getByLabelText('Its id'), ' car-1 ');
    await user.click(within(open).getByRole('button', { name: 'Open its history' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/audit/car/car-1'));

    const slider = await screen.findByRole('slider', {
      name: 'Step through the events on this page',
    });
    await waitFor(() => expect(slider).toHaveValue('1'));
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^CarPhotosChanged, /));
    fireEvent.change(slider, { target: { value: '0' } });
    await waitFor(() => expect(router.state.location.search).toBe('?position=10'));
    expect(stateCalls(calls).at(-1)).toBe('/api/audit/state/car/car-1?position=10');
  });
});
