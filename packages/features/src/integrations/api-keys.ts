import { appendsOf, type Decision, nothing } from '../platform/decision.ts';
import { type CommandOf, commandSlice } from '../platform/slice.ts';
import { required } from '../platform/validation.ts';
import { streams } from '../registry/events.ts';
import type { UserState } from '../users/index.ts';
import { requireAdmin } from '../users/index.ts';
import type { ApiKeyState } from './api-key.ts';
import { type ApiKeyScope, apiKeyScopes } from './events.ts';
import { reject } from './rules.ts';

/**
 * The command service makes the key (its id, its secret) and brings only what is kept: the
 * hash of the secret and the prefix people recognise it by.
 */
export type IssueApiKey = CommandOf<
  'IssueApiKey',
  {
    keyId: string;
    name: string;
    scopes: readonly ApiKeyScope[];
    prefix: string;
    secretHash: string;
  }
>;
export type RevokeApiKey = CommandOf<'RevokeApiKey', { keyId: string }>;

/** An admin issues a key for an integrator, with the scopes it may use. */
export const issueApiKey = ({
  command,
  actorUser,
  key,
}: {
  command: IssueApiKey;
  /** `user-<actor.uid>` */
  actorUser: UserState;
  /** `apikey-<data.keyId>` */
  key: ApiKeyState;
}): Decision => {
  requireAdmin(command.actor, actorUser);
  const { keyId, prefix, secretHash } = command.data;
  const name = required(command.data.name, 'name');
  const scopes = [...new Set(command.data.scopes)];
  if (scopes.length === 0 || !scopes.every((scope) => apiKeyScopes.includes(scope)))
    reject('field-invalid', `Give one or more of ${apiKeyScopes.join(', ')}`, 'scopes');
  if (key.status !== 'none') reject('api-key-exists', `Key ${keyId} exists.`);
  return appendsOf([
    [
      streams.apiKey(keyId),
      { type: 'ApiKeyIssued', data: { keyId, name, scopes, prefix, secretHash } },
    ],
  ]);
};

/** An admin revokes a key: refused at once wherever it is presented. Again: no change. */
export const revokeApiKey = ({
  command,
  actorUser,
  key,
}: {
  command: RevokeApiKey;
  actorUser: UserState;
  key: ApiKeyState;
}): Decision => {
  requireAdmin(command.actor, actorUser);
  if (key.status === 'none') reject('api-key-not-found', 'No such API key.');
  if (key.status === 'revoked') return nothing();
  return appendsOf([
    [streams.apiKey(key.keyId), { type: 'ApiKeyRevoked', data: { keyId: key.keyId } }],
  ]);
};

export const issueApiKeySlice = commandSlice({
  reads: (command: IssueApiKey, read) => ({
    actorUser: read.user(command.actor.uid),
    key: read.apiKey(command.data.keyId),
  }),
  decide: issueApiKey,
});

export const revokeApiKeySlice = commandSlice({
  reads: (command: RevokeApiKey, read) => ({
    actorUser: read.user(command.actor.uid),
    key: read.apiKey(command.data.keyId),
  }),
  decide: revokeApiKey,
});
