import { sql } from 'kysely';
import type { ProjectedEvent, Projection, ReadTables } from '../platform/projection.ts';
import { apiKeyIdOf } from './api-key.ts';

const webhookEvents = new Set<string>([
  'WebhookEndpointRegistered',
  'WebhookEndpointPaused',
  'WebhookEndpointResumed',
  'WebhookEndpointDeleted',
  'WebhookReplayRequested',
  'WebhookEndpointFailing',
  'WebhookEndpointRecovered',
]);

/** A command an API key made counts as its latest use (its reads are counted in `access`). */
const recordKeyUse = async (tables: ReadTables, event: ProjectedEvent) => {
  const keyId = apiKeyIdOf(event.metadata.actor);
  if (keyId === undefined) return;
  const at = event.metadata.occurredAt;
  await tables
    .updateTable('api_keys')
    .set({
      last_command_at: sql`greatest(${sql.ref('last_command_at')}, ${at}::timestamptz)`,
    })
    .where('id', '=', keyId)
    .execute();
};

/**
 * api_keys and webhook_endpoints: what admins (and keys that manage webhooks) list. Never a key's
 * secret (only its hash, which no answer carries) nor a webhook's signing secret (which no event
 * holds).
 */
export const integrationsProjection: Projection = {
  name: 'integrations',
  async apply(tables, event) {
    const version = event.position;
    const at = event.metadata.occurredAt;
    const endpoint = (id: string, values: Record<string, unknown>) =>
      tables
        .updateTable('webhook_endpoints')
        .set({ ...values, version })
        .where('id', '=', id)
        .where('version', '<', version)
        .execute();

    switch (event.type) {
      case 'ApiKeyIssued': {
        const { keyId, name, scopes, prefix, secretHash } = event.data;
        await tables
          .insertInto('api_keys')
          .values({
            id: keyId,
            name,
            scopes: JSON.stringify(scopes),
            prefix,
            secret_hash: secretHash,
            created_at: at,
            created_by: event.metadata.actor.email,
            version,
          })
          .onConflict((c) => c.column('id').doNothing())
          .execute();
        return;
      }
      case 'ApiKeyRevoked':
        await tables
          .updateTable('api_keys')
          .set({ revoked_at: at, version })
          .where('id', '=', event.data.keyId)
          .where('version', '<', version)
          .execute();
        return;
      case 'WebhookEndpointRegistered': {
        const { endpointId, url, types, description, ownerKeyId } = event.data;
        await tables
          .insertInto('webhook_endpoints')
          .values({
            id: endpointId,
            url,
            types: JSON.stringify(types),
            description,
            created_at: at,
            created_by: event.metadata.actor.email,
            owner_key_id: ownerKeyId ?? null,
            version,
          })
          .onConflict((c) => c.column('id').doNothing())
          .execute();
        break;
      }
      case 'WebhookEndpointPaused':
        await endpoint(event.data.endpointId, { paused: true });
        break;
      case 'WebhookEndpointResumed':
        await endpoint(event.data.endpointId, { paused: false });
        break;
      case 'WebhookEndpointFailing':
        await endpoint(event.data.endpointId, { failing: true });
        break;
      case 'WebhookEndpointRecovered':
        await endpoint(event.data.endpointId, { failing: false });
        break;
      case 'WebhookEndpointDeleted':
        await endpoint(event.data.endpointId, { deleted_at: at });
        break;
      default:
        break;
    }
    if (webhookEvents.has(event.type)) await recordKeyUse(tables, event);
  },
};
