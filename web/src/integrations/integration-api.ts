// The integrators' calls the admin pages make: API keys and webhooks. Types are the contract's;
// the paths are checked against its table by `routes` in ../api/endpoints.ts.
import type {
  ApiKeyRecord,
  IssueApiKeyBody,
  IssuedApiKeyAnswer,
  PageQuery,
  RegisteredWebhookAnswer,
  RegisterWebhookBody,
  WebhookDeliveryRecord,
  WebhookRecord,
} from '@second-gear/contracts';
import type { z } from 'zod';
import { PAGE_SIZE } from '../api/endpoints.ts';
import { apiList, apiRequest, type Page } from '../api/http.ts';

const enc = encodeURIComponent;
const paging = (page: number) =>
  `?${new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) } satisfies Record<
    keyof z.input<typeof PageQuery>,
    string
  >)}`;

const send = async <T>(method: 'POST' | 'DELETE', path: string, body?: unknown) =>
  (await apiRequest<T>(path, { method, auth: true, ...(body === undefined ? {} : { body }) })).data;

export const getApiKeys = (page: number): Promise<Page<ApiKeyRecord>> =>
  apiList<ApiKeyRecord>(`/api-keys${paging(page)}`, true);
export const issueApiKey = (body: IssueApiKeyBody) =>
  send<IssuedApiKeyAnswer>('POST', '/api-keys', body);
export const revokeApiKey = (id: string) => send('DELETE', `/api-keys/${enc(id)}`);

export const getWebhooks = (page: number): Promise<Page<WebhookRecord>> =>
  apiList<WebhookRecord>(`/webhooks${paging(page)}`, true);
export const getWebhookDeliveries = (id: string, page: number) =>
  apiList<WebhookDeliveryRecord>(`/webhooks/${enc(id)}/deliveries${paging(page)}`, true);
export const registerWebhook = (body: RegisterWebhookBody) =>
  send<RegisteredWebhookAnswer>('POST', '/webhooks', body);
export const pauseWebhook = (id: string) => send('POST', `/webhooks/${enc(id)}/pause`);
export const resumeWebhook = (id: string) => send('POST', `/webhooks/${enc(id)}/resume`);
export const deleteWebhook = (id: string) => send('DELETE', `/webhooks/${enc(id)}`);
export const replayWebhook = (id: string, fromPosition: string) =>
  send('POST', `/webhooks/${enc(id)}/replay`, { fromPosition });
