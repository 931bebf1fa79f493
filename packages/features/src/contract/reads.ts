// Reads that belong to no one feature: the path parameters of reads by id or email, and the
// operations page's status (admins).

import { z } from 'zod';
import { WebhookDeliveryRecord } from '../integrations/contract.ts';

/** Path parameter of the reads by id. */
export const ReadIdParams = z.object({ id: z.string().trim().min(1).max(200) });
export const EmailParams = z.object({ email: z.string().trim().min(1).max(320) });

// ---- operations: GET /api/ops/status (admins), what the operations page shows

const OpsLag = {
  name: z.string(),
  position: z
    .string()
    .nullable()
    .describe('The last event it has applied (passed); null: none yet'),
  lagEvents: z.number().int().describe('Events in the store after it, counted up to 10,000'),
  lagEventsCapped: z.boolean().describe('True when there are 10,000 or more'),
  lagSeconds: z.number().describe('Age of the oldest event it has not applied; 0 when caught up'),
  parked: z.number().int().describe('Events it could not apply and passed over'),
};

export const OpsStatus = z.object({
  at: z.string().describe('ISO-8601 time of this look'),
  head: z.string().nullable().describe("The store's last position; null when it is empty"),
  projections: z.array(
    z.object({
      ...OpsLag,
      eventsApplied: z
        .number()
        .int()
        .describe('Events it has applied in all; its rate is the change between two looks'),
      updatedAt: z.string().describe('When its checkpoint last moved'),
      refused: z
        .string()
        .nullable()
        .describe('Why it stopped: its checkpoint belongs to another store; rebuild'),
    }),
  ),
  reactors: z.array(
    z.object({
      ...OpsLag,
      failing: z
        .object({
          position: z.string(),
          attempts: z.number().int(),
          since: z.string(),
          lastError: z.string(),
          nextAttemptAt: z.string(),
        })
        .nullable()
        .describe('Set while an effect keeps failing; it is retried with backoff'),
    }),
  ),
  failedDeliveries: z
    .array(WebhookDeliveryRecord.extend({ endpointId: z.string(), url: z.string() }))
    .describe('The last failed webhook delivery attempts, newest first (at most 10)'),
  pendingMigrations: z.array(z.string()),
  unfinishedRebuild: z.boolean(),
  rebuild: z.object({
    command: z.string().describe('What an operator runs to rebuild every projection'),
    docs: z.string(),
  }),
});
export type OpsStatus = z.infer<typeof OpsStatus>;
