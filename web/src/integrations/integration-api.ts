// The integrators' calls the admin pages make: API keys and webhooks. Each names its method and
// path as the services' OpenAPI documents do; the types the pages see are the contract's.
import type {
  ApiKeyRecord,
  IssuedApiKeyAnswer,
  RegisteredWebhookAnswer,
  WebhookDeliveryRecord,
  WebhookRecord,
} from '@second-gear/features/contract';
import { type CommandBody, commands, memberReads } from '../api/clients.ts';
import { PAGE_SIZE } from '../api/endpoints.ts';
import { dataOf, listOf, type Page } from '../api/http.ts';

const paging = (page: number) => ({ page, limit: PAGE_SIZE });
const byId = (id: string) => ({ params: { path: { id } } });

export const getApiKeys = (page: number): Promise<Page<ApiKeyRecord>> =>
  listOf(memberReads.GET('/api/api-keys', { params: { query: paging(page) } }));
export const issueApiKey = (body: CommandBody<'issueApiKey'>): Promise<IssuedApiKeyAnswer> =>
  dataOf(commands.POST('/api/api-keys', { body }));
export const revokeApiKey = (id: string) => dataOf(commands.DELETE('/api/api-keys/{id}', byId(id)));

export const getWebhooks = (page: number): Promise<Page<WebhookRecord>> =>
  listOf(memberReads.GET('/api/webhooks', { params: { query: paging(page) } }));
export const getWebhookDeliveries = (
  id: string,
  page: number,
): Promise<Page<WebhookDeliveryRecord>> =>
  listOf(
    memberReads.GET('/api/webhooks/{id}/deliveries', {
      params: { path: { id }, query: paging(page) },
    }),
  );
export const registerWebhook = (
  body: CommandBody<'registerWebhook'>,
): Promise<RegisteredWebhookAnswer> => dataOf(commands.POST('/api/webhooks', { body }));
export const pauseWebhook = (id: string) =>
  dataOf(commands.POST('/api/webhooks/{id}/pause', byId(id)));
export const resumeWebhook = (id: string) =>
  dataOf(commands.POST('/api/webhooks/{id}/resume', byId(id)));
export const deleteWebhook = (id: string) =>
  dataOf(commands.DELETE('/api/webhooks/{id}', byId(id)));
export const replayWebhook = (id: string, fromPosition: string) =>
  dataOf(commands.POST('/api/webhooks/{id}/replay', { ...byId(id), body: { fromPosition } }));
