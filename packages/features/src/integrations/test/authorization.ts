// Who may make each of the integrations feature's write calls (run by the command service's
// matrix). Admins alone; API keys with the scope are command-service/test/integrations.int.test.ts's.
import { type Authorization, allowing, hook } from '../../../test/matrix.ts';
import type { integrationWriteCalls } from '../contract.ts';

const adminOnly = (status: number) => allowing({ admin: status });

export const integrationAuthorization: Authorization<typeof integrationWriteCalls> = {
  issueApiKey: {
    request: async () => ({
      method: 'POST',
      url: '/api/api-keys',
      body: { name: 'Matrix key', scopes: ['feed:read'] },
    }),
    expected: adminOnly(201),
  },
  revokeApiKey: {
    request: async (f) => ({ method: 'DELETE', url: `/api/api-keys/${await f.apiKey()}` }),
    expected: adminOnly(200),
  },
  registerWebhook: {
    request: async () => ({ method: 'POST', url: '/api/webhooks', body: hook }),
    expected: adminOnly(201),
  },
  pauseWebhook: {
    request: async (f) => ({ method: 'POST', url: `/api/webhooks/${await f.webhook()}/pause` }),
    expected: adminOnly(200),
  },
  resumeWebhook: {
    request: async (f) => ({
      method: 'POST',
      url: `/api/webhooks/${await f.webhook(true)}/resume`,
    }),
    expected: adminOnly(200),
  },
  deleteWebhook: {
    request: async (f) => ({ method: 'DELETE', url: `/api/webhooks/${await f.webhook()}` }),
    expected: adminOnly(200),
  },
  replayWebhook: {
    request: async (f) => ({
      method: 'POST',
      url: `/api/webhooks/${await f.webhook()}/replay`,
      body: { fromPosition: '0' },
    }),
    expected: adminOnly(200),
  },
};
