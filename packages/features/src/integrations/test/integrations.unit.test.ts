import { describe, expect, it } from 'vitest';
import { actor, registered, system, userDeleted } from '../../../test/fixtures.ts';
import { given, on } from '../../../test/given.ts';
import {
  type Actor,
  apiKeyActor,
  apiKeyIdOf,
  type Command,
  type DomainEvent,
} from '../../index.ts';

const ada = actor('ada', 'Admin');
const bob = actor('bob', 'Buyer');
const people = [registered('ada', 'Admin'), registered('bob', 'Buyer')];
const hash = 'a'.repeat(64);

const issued = (
  keyId: string,
  scopes: ('feed:read' | 'webhooks:manage')[] = ['webhooks:manage'],
): DomainEvent => ({
  type: 'ApiKeyIssued',
  data: { keyId, name: `Key ${keyId}`, scopes, prefix: `sgk_${keyId}_abcd`, secretHash: hash },
});
const revoked = (keyId: string): DomainEvent => ({ type: 'ApiKeyRevoked', data: { keyId } });
const keyActor = (keyId: string) => apiKeyActor({ keyId, name: `Key ${keyId}` });

const issue = (by: Actor, data: Partial<{ name: string; scopes: string[] }> = {}): Command => ({
  type: 'IssueApiKey',
  actor: by,
  data: {
    keyId: 'k1',
    name: data.name ?? 'Price watcher',
    scopes: (data.scopes ?? ['feed:read']) as ('feed:read' | 'webhooks:manage')[],
    prefix: 'sgk_k1_abcd',
    secretHash: hash,
  },
});

describe('IssueApiKey and RevokeApiKey', () => {
  it('lets an admin issue a key, keeping only the hash of its secret', async () => {
    await given(people)
      .when(issue(ada, { name: '  Price watcher ', scopes: ['feed:read', 'feed:read'] }))
      .then(
        on('apikey-k1', {
          type: 'ApiKeyIssued',
          data: {
            keyId: 'k1',
            name: 'Price watcher',
            scopes: ['feed:read'],
            prefix: 'sgk_k1_abcd',
            secretHash: hash,
          },
        }),
      );
  });

  it('refuses a non-admin, a key, a blank name, no or unknown scopes, and a taken id', async () => {
    await given(people).when(issue(bob)).thenThrows('forbidden', 'admin-required');
    await given(people, issued('k9'))
      .when(issue(keyActor('k9')))
      .thenThrows('forbidden', 'actor-not-registered');
    const blank = await given(people)
      .when(issue(ada, { name: ' ' }))
      .thenThrows('invalid', 'field-required');
    expect(blank.field).toBe('name');
    const none = await given(people)
      .when(issue(ada, { scopes: [] }))
      .thenThrows('invalid', 'field-invalid');
    expect(none.field).toBe('scopes');
    await given(people)
      .when(issue(ada, { scopes: ['users:delete'] }))
      .thenThrows('invalid', 'field-invalid');
    await given(people, issued('k1')).when(issue(ada)).thenThrows('conflict', 'api-key-exists');
  });

  it('revokes a key once; an unknown one is not found', async () => {
    const revoke = (by: Actor, keyId = 'k1'): Command => ({
      type: 'RevokeApiKey',
      actor: by,
      data: { keyId },
    });
    await given(people, issued('k1'))
      .when(revoke(ada))
      .then(on('apikey-k1', revoked('k1')));
    await given(people, issued('k1'), revoked('k1')).when(revoke(ada)).thenNothing();
    await given(people).when(revoke(ada)).thenThrows('not_found', 'api-key-not-found');
    await given(people, issued('k1')).when(revoke(bob)).thenThrows('forbidden', 'admin-required');
    await given(people, issued('k1'), userDeleted('ada'))
      .when(revoke(ada))
      .thenThrows('forbidden', 'actor-deleted');
  });

  it("names a key's actor after its stream, and no other actor", () => {
    expect(keyActor('k1')).toEqual({ uid: 'apikey-k1', email: 'Key k1', role: 'ApiKey' });
    expect(apiKeyIdOf(keyActor('k1'))).toBe('k1');
    expect(apiKeyIdOf(actor('apikey-k1', 'Admin'))).toBeUndefined();
  });
});

const registration = {
  endpointId: 'w1',
  url: 'https://hooks.example.com/second-gear',
  types: ['CarListed', 'CarSold'] as ('CarListed' | 'CarSold')[],
  description: 'Listings',
  secretNonce: 'n'.repeat(24),
};
const registered1: DomainEvent = { type: 'WebhookEndpointRegistered', data: registration };
/** The same endpoint, registered by key k1. */
const registeredByK1: DomainEvent = {
  type: 'WebhookEndpointRegistered',
  data: { ...registration, ownerKeyId: 'k1' },
};
const ofW1 = (type: 'WebhookEndpointPaused' | 'WebhookEndpointResumed'): DomainEvent =>
  ({ type, data: { endpointId: 'w1' } }) as DomainEvent;

const register = (
  by: Actor,
  data: Partial<Omit<typeof registration, 'types'> & { types: string[] }> = {},
) =>
  ({
    type: 'RegisterWebhook',
    actor: by,
    data: { ...registration, ...data },
  }) as Command;
const onW1 = (type: 'PauseWebhook' | 'ResumeWebhook' | 'DeleteWebhook', by: Actor) =>
  ({ type, actor: by, data: { endpointId: 'w1' } }) as Command;

describe('RegisterWebhook', () => {
  it('lets an admin, or a key that manages webhooks, register an endpoint', async () => {
    await given(people).when(register(ada)).then(on('webhook-w1', registered1));
    await given(people, issued('k1'))
      .when(register(keyActor('k1'), { types: ['CarSold', 'CarListed', 'CarSold'] }))
      .then(
        on('webhook-w1', {
          type: 'WebhookEndpointRegistered',
          data: { ...registration, types: ['CarSold', 'CarListed'], ownerKeyId: 'k1' },
        }),
      );
  });

  it('lets a key manage only the endpoints it registered; another’s is not found', async () => {
    const asKey = (type: 'PauseWebhook' | 'DeleteWebhook', keyId: string): Command => ({
      type,
      actor: keyActor(keyId),
      data: { endpointId: 'w1' },
    });
    await given(people, issued('k1'), registeredByK1)
      .when(asKey('PauseWebhook', 'k1'))
      .then(on('webhook-w1', ofW1('WebhookEndpointPaused')));
    for (const endpoint of [registeredByK1, registered1]) {
      await given(people, issued('k2'), endpoint)
        .when(asKey('DeleteWebhook', 'k2'))
        .thenThrows('not_found', 'webhook-not-found');
    }
    // An admin manages every endpoint.
    await given(people, registeredByK1)
      .when(onW1('PauseWebhook', ada))
      .then(on('webhook-w1', ofW1('WebhookEndpointPaused')));
  });

  it('refuses a buyer, a revoked key and a key without the scope', async () => {
    await given(people).when(register(bob)).thenThrows('forbidden', 'admin-required');
    await given(people, issued('k1'), revoked('k1'))
      .when(register(keyActor('k1')))
      .thenThrows('forbidden', 'api-key-revoked');
    await given(people)
      .when(register(keyActor('k0')))
      .thenThrows('forbidden', 'api-key-revoked');
    await given(people, issued('k1', ['feed:read']))
      .when(register(keyActor('k1')))
      .thenThrows('forbidden', 'api-key-scope-required');
  });

  it('refuses a URL that is not http(s), carries credentials, and unknown or no types', async () => {
    for (const url of ['ftp://example.com/x', 'not a url', 'https://user:pw@example.com/']) {
      const error = await given(people)
        .when(register(ada, { url }))
        .thenThrows('invalid', 'field-invalid');
      expect(error.field).toBe('url');
    }
    for (const types of [[], ['UserRegistered'], ['CarListed', 'CarLost']]) {
      const error = await given(people)
        .when(register(ada, { types }))
        .thenThrows('invalid', 'field-invalid');
      expect(error.field).toBe('types');
    }
    await given(people, registered1).when(register(ada)).thenThrows('conflict', 'webhook-exists');
  });
});

describe('PauseWebhook, ResumeWebhook, DeleteWebhook and ReplayWebhook', () => {
  it('pauses and resumes an endpoint, each once', async () => {
    await given(people, registered1)
      .when(onW1('PauseWebhook', ada))
      .then(on('webhook-w1', ofW1('WebhookEndpointPaused')));
    await given(people, registered1, ofW1('WebhookEndpointPaused'))
      .when(onW1('PauseWebhook', ada))
      .thenNothing();
    await given(people, registered1, ofW1('WebhookEndpointPaused'))
      .when(onW1('ResumeWebhook', ada))
      .then(on('webhook-w1', ofW1('WebhookEndpointResumed')));
    await given(people, registered1).when(onW1('ResumeWebhook', ada)).thenNothing();
  });

  it('deletes an endpoint once; a deleted or unknown one is not found', async () => {
    const deleted: DomainEvent = { type: 'WebhookEndpointDeleted', data: { endpointId: 'w1' } };
    await given(people, registered1)
      .when(onW1('DeleteWebhook', ada))
      .then(on('webhook-w1', deleted));
    await given(people, registered1, deleted)
      .when(onW1('DeleteWebhook', ada))
      .thenThrows('not_found', 'webhook-not-found');
    await given(people, registered1, deleted)
      .when(onW1('PauseWebhook', ada))
      .thenThrows('not_found', 'webhook-not-found');
    await given(people)
      .when(onW1('DeleteWebhook', ada))
      .thenThrows('not_found', 'webhook-not-found');
    await given(people, registered1)
      .when(onW1('DeleteWebhook', bob))
      .thenThrows('forbidden', 'admin-required');
  });

  it('records a replay from a position, written plainly', async () => {
    const replay = (fromPosition: string): Command => ({
      type: 'ReplayWebhook',
      actor: keyActor('k1'),
      data: { endpointId: 'w1', fromPosition },
    });
    await given(people, issued('k1'), registeredByK1)
      .when(replay('007'))
      .then(
        on('webhook-w1', {
          type: 'WebhookReplayRequested',
          data: { endpointId: 'w1', fromPosition: '7' },
        }),
      );
    const error = await given(people, issued('k1'), registeredByK1)
      .when(replay('-1'))
      .thenThrows('invalid', 'field-invalid');
    expect(error.field).toBe('fromPosition');
  });
});

describe("MarkWebhookFailing and MarkWebhookRecovered (the deliverer's reports)", () => {
  const failing = {
    endpointId: 'w1',
    messageId: 'msg_1',
    eventPosition: '42',
    attempts: 8,
    lastError: 'HTTP 500',
  };
  const markFailing = (by: Actor): Command => ({
    type: 'MarkWebhookFailing',
    actor: by,
    data: failing,
  });
  const markRecovered = (by: Actor): Command => ({
    type: 'MarkWebhookRecovered',
    actor: by,
    data: { endpointId: 'w1' },
  });
  const failed: DomainEvent = { type: 'WebhookEndpointFailing', data: failing };

  it('marks an endpoint failing once, and healthy again once', async () => {
    await given(registered1).when(markFailing(system)).then(on('webhook-w1', failed));
    await given(registered1, failed).when(markFailing(system)).thenNothing();
    await given(registered1, failed)
      .when(markRecovered(system))
      .then(on('webhook-w1', { type: 'WebhookEndpointRecovered', data: { endpointId: 'w1' } }));
    await given(registered1).when(markRecovered(system)).thenNothing();
    await given(registered1, failed, {
      type: 'WebhookEndpointRecovered',
      data: { endpointId: 'w1' },
    })
      .when(markFailing(system))
      .then(on('webhook-w1', failed));
  });

  it("changes nothing for a deleted endpoint, and is the System actor's alone", async () => {
    await given(registered1, { type: 'WebhookEndpointDeleted', data: { endpointId: 'w1' } })
      .when(markFailing(system))
      .thenNothing();
    await given(people, registered1)
      .when(markFailing(ada))
      .thenThrows('forbidden', 'system-required');
    await given(people, registered1, failed)
      .when(markRecovered(ada))
      .thenThrows('forbidden', 'system-required');
  });
});
