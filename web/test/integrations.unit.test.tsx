// The admins' pages for integrators: an API key issued and shown once, revoked; a webhook
// registered with its secret shown once, a server refusal under its field, its deliveries.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, problem, renderApp, stubApi, userRecord } from './harness.tsx';

const admin = userRecord('Admin');
const list = (items: unknown[]) =>
  json(items, { headers: { 'X-Total-Count': String(items.length) } });

describe('API keys', () => {
  it('issues a key, shows it once, and revokes one', async () => {
    const key = {
      id: '0123456789abcdef',
      name: 'Price watcher',
      scopes: ['feed:read'],
      prefix: 'sgk_0123456789abcdef_AbCd',
      createdAt: '2026-03-01T09:00:00.000Z',
      createdBy: admin.email,
      lastUsedAt: null,
      revokedAt: null,
    };
    const { calls } = stubApi({
      'GET /api/user/admin%40example.com': admin,
      'GET /api/api-keys': () => list([key]),
      'POST /api/api-keys': json(
        {
          acknowledged: true,
          insertedId: key.id,
          prefix: key.prefix,
          key: `${key.prefix}rest-of-the-secret`,
          position: '5',
        },
        { status: 201 },
      ),
      'DELETE /api/api-keys/0123456789abcdef': json({
        acknowledged: true,
        deletedCount: 1,
        position: '6',
      }),
    });
    renderApp('/user/api-keys', { as: admin });
    const user = userEvent.setup();
    expect(await screen.findByText('never')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Name/), 'Listings bot');
    await user.click(screen.getByRole('button', { name: 'Issue key' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('shown-once')).toHaveTextContent(
      `${key.prefix}rest-of-the-secret`,
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Listings bot',
      scopes: ['feed:read'],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke Price watcher' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Key revoked')).toBeInTheDocument();
  });
});

describe('Webhooks', () => {
  const hook = {
    id: 'w1',
    url: 'https://hooks.example.com/in',
    types: ['CarListed'],
    description: 'Listings',
    status: 'failing',
    createdAt: '2026-03-01T09:00:00.000Z',
    createdBy: admin.email,
    pending: 2,
    lastDelivery: {
      at: '2026-03-01T10:00:00.000Z',
      ok: false,
      statusCode: 500,
      messageId: 'msg_1',
      eventType: 'CarListed',
    },
  };

  it('shows the server refusal of a URL under its field, then the secret once', async () => {
    let attempt = 0;
    stubApi({
      'GET /api/user/admin%40example.com': admin,
      'GET /api/webhooks': () => list([hook]),
      'POST /api/webhooks': () =>
        ++attempt === 1
          ? problem(400, 'Bad Request', 'The URL may not receive webhooks.', [
              {
                field: 'url',
                message: '127.0.0.1 is a loopback address, which webhooks may not reach',
              },
            ])
          : json(
              { acknowledged: true, insertedId: 'w2', secret: 'whsec_c2VjcmV0', position: '9' },
              { status: 201 },
            ),
    });
    renderApp('/user/webhooks', { as: admin });
    const user = userEvent.setup();
    expect(await screen.findByText('failing')).toBeInTheDocument();
    expect(screen.getByText('2 waiting')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/URL/), 'http://127.0.0.1/hook');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(/which webhooks may not reach/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('shown-once')).toHaveTextContent('whsec_c2VjcmV0');
  });

  it('lists the deliveries of an endpoint and asks for a replay', async () => {
    const { calls } = stubApi({
      'GET /api/user/admin%40example.com': admin,
      'GET /api/webhooks': () => list([hook]),
      'GET /api/webhooks/w1/deliveries': () =>
        list([
          {
            messageId: 'msg_1',
            attempt: 3,
            position: '42',
            eventId: 'e1',
            eventType: 'CarListed',
            ok: false,
            statusCode: 500,
            latencyMs: 12,
            response: 'down',
            at: '2026-03-01T10:00:00.000Z',
            nextAttemptAt: '2026-03-01T10:30:00.000Z',
            replay: false,
          },
        ]),
      'POST /api/webhooks/w1/replay': json({
        acknowledged: true,
        modifiedCount: 1,
        position: '50',
      }),
    });
    renderApp('/user/webhooks', { as: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deliveries' }));
    expect(await screen.findByText('CarListed at 42')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Replay after position/), '41');
    await user.click(screen.getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Replay requested')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/replay'))?.body).toEqual({ fromPosition: '41' }),
    );
  });
});
