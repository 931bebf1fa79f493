// The API as its services describe it: a client per OpenAPI document, over the `paths` that
// openapi-typescript generates from it (./generated/, made again by the services' openapi
// tests). A call names its method and path as the document does, so a path or a field the API
// renames breaks the web's type-check. Only types come from the documents.
import type {
  operations as CommandOperations,
  paths as CommandPaths,
} from './generated/commands.ts';
import type { paths as QueryPaths } from './generated/queries.ts';
import { apiClient } from './http.ts';

/** The JSON body of a call of the write API (its operation id is the contract's call name). */
export type CommandBody<C extends keyof CommandOperations> = CommandOperations[C] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The writes, signed with the member's service token unless a call brings an identity token. */
export const commands = apiClient<CommandPaths>('member');

/** The reads anyone may make: no token goes with them. */
export const publicReads = apiClient<QueryPaths>('public');

/** The reads that need a signed-in member: the service token goes with them. */
export const memberReads = apiClient<QueryPaths>('member');
