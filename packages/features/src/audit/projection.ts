import {
  appendRows,
  type ProjectedEvent,
  type Projection,
  type ReadTables,
} from '../platform/projection.ts';

/** One line of the audit log, as a feature describes one of its events. */
export interface AuditEntry {
  action: string;
  subjectType: 'user' | 'car' | 'category' | 'api-key' | 'webhook';
  subjectId: string;
  /** Undefined: the label the subject was first recorded with. */
  label?: string;
  details?: Record<string, unknown>;
}

/** What an event means to a reader of the audit log; undefined when it is no entry. */
export type Describe = (event: ProjectedEvent) => AuditEntry | undefined;

const describeUser: Describe = (event) => {
  switch (event.type) {
    case 'UserRegistered':
      return {
        action: `registered as ${event.data.role}`,
        subjectType: 'user',
        subjectId: event.data.userId,
        label: `${event.data.name} <${event.data.email}>`,
        details: { role: event.data.role },
      };
    case 'UserBecameSeller':
      return { action: 'became a seller', subjectType: 'user', subjectId: event.data.userId };
    case 'UserPromotedToAdmin':
      return { action: 'promoted to admin', subjectType: 'user', subjectId: event.data.userId };
    case 'UserDeleted':
      return { action: 'deleted', subjectType: 'user', subjectId: event.data.userId };
    case 'UserProfileChanged': {
      // Which fields changed; never the phone itself.
      const { userId, ...changed } = event.data;
      return {
        action: 'changed their profile',
        subjectType: 'user',
        subjectId: userId,
        details: { fields: Object.keys(changed) },
      };
    }
    default:
      return undefined;
  }
};

const describeCategory: Describe = (event) => {
  switch (event.type) {
    case 'CategoryCreated':
      return {
        action: 'created',
        subjectType: 'category',
        subjectId: event.data.categoryId,
        label: event.data.name,
      };
    case 'CategoryDeleted':
      return {
        action: 'deleted',
        subjectType: 'category',
        subjectId: event.data.categoryId,
        label: event.data.name,
      };
    default:
      return undefined;
  }
};

const describeCar: Describe = (event) => {
  switch (event.type) {
    case 'CarListed':
      return {
        action: 'listed',
        subjectType: 'car',
        subjectId: event.data.carId,
        label: event.data.name,
        details: {
          seller: event.data.sellerName,
          category: event.data.categoryName,
          price: event.data.price,
          original_price: event.data.originalPrice,
        },
      };
    case 'CarAdvertised':
      return { action: 'advertised', subjectType: 'car', subjectId: event.data.carId };
    case 'CarPriceChanged':
      return {
        action: 'changed the price',
        subjectType: 'car',
        subjectId: event.data.carId,
        details: { old_price: event.data.oldPrice, price: event.data.price },
      };
    case 'CarDetailsChanged': {
      const { carId, ...changed } = event.data;
      return { action: 'edited', subjectType: 'car', subjectId: carId, details: changed };
    }
    case 'CarPhotosChanged':
      return {
        action: 'changed the pictures',
        subjectType: 'car',
        subjectId: event.data.carId,
        details: { pictures: event.data.images.length },
      };
    case 'CarSold':
      return { action: 'marked sold', subjectType: 'car', subjectId: event.data.carId };
    case 'CarDeleted':
      return {
        action:
          event.data.reason === 'seller-deleted'
            ? "withdrawn with its seller's account"
            : 'deleted',
        subjectType: 'car',
        subjectId: event.data.carId,
        details: { reason: event.data.reason },
      };
    default:
      return undefined;
  }
};

const describeApiKey: Describe = (event) => {
  switch (event.type) {
    case 'ApiKeyIssued':
      return {
        action: 'issued the API key',
        subjectType: 'api-key',
        subjectId: event.data.keyId,
        label: event.data.name,
        details: { scopes: event.data.scopes, prefix: event.data.prefix },
      };
    case 'ApiKeyRevoked':
      return { action: 'revoked the API key', subjectType: 'api-key', subjectId: event.data.keyId };
    default:
      return undefined;
  }
};

/** Integrators' webhooks: never a signing secret. */
const describeWebhook: Describe = (event) => {
  switch (event.type) {
    case 'WebhookEndpointRegistered':
      return {
        action: 'registered the webhook',
        subjectType: 'webhook',
        subjectId: event.data.endpointId,
        label: event.data.url,
        details: { url: event.data.url, types: event.data.types },
      };
    case 'WebhookEndpointPaused':
      return {
        action: 'paused the webhook',
        subjectType: 'webhook',
        subjectId: event.data.endpointId,
      };
    case 'WebhookEndpointResumed':
      return {
        action: 'resumed the webhook',
        subjectType: 'webhook',
        subjectId: event.data.endpointId,
      };
    case 'WebhookEndpointDeleted':
      return {
        action: 'deleted the webhook',
        subjectType: 'webhook',
        subjectId: event.data.endpointId,
      };
    case 'WebhookReplayRequested':
      return {
        action: 'replayed the webhook',
        subjectType: 'webhook',
        subjectId: event.data.endpointId,
        details: { fromPosition: event.data.fromPosition },
      };
    case 'WebhookEndpointFailing':
      return {
        action: 'webhook failing',
        subjectType: 'webhook',
        subjectId: event.data.endpointId,
        details: {
          messageId: event.data.messageId,
          position: event.data.eventPosition,
          attempts: event.data.attempts,
          lastError: event.data.lastError,
        },
      };
    case 'WebhookEndpointRecovered':
      return {
        action: 'webhook delivering again',
        subjectType: 'webhook',
        subjectId: event.data.endpointId,
      };
    default:
      return undefined;
  }
};

/**
 * What an event means to a person reading the audit log: the first description any feature
 * gives. Bookkeeping events (email, category-name and booking-id reservations, a seller's or
 * category's car counts) are not entries: they always accompany one that is.
 */
const describeWith =
  (describers: readonly Describe[]): Describe =>
  (event) => {
    for (const describeOne of describers) {
      const entry = describeOne(event);
      if (entry) return entry;
    }
    return undefined;
  };

/** The events that bring a subject into being: none of its entries can come before them. */
const BEGINNINGS = new Set<string>(['UserRegistered', 'CategoryCreated', 'CarListed']);

const firstLabels = async (
  tables: ReadTables,
  subjectIds: string[],
): Promise<Map<string, string>> => {
  const labels = new Map<string, string>();
  if (subjectIds.length === 0) return labels;
  const rows = await tables
    .selectFrom('audit_log')
    .select(['subject_id', 'subject_label'])
    .distinctOn('subject_id')
    .where('subject_id', 'in', subjectIds)
    .orderBy('subject_id')
    .orderBy('position', 'asc')
    .execute();
  for (const row of rows) labels.set(row.subject_id, row.subject_label);
  return labels;
};

/**
 * audit_log: who did what to whom, when, with the correlation id, one row per event. Other
 * features describe their own events (`describers`); the audit's own describe users,
 * categories, cars, API keys and webhooks.
 */
export const auditProjectionOf = (describers: readonly Describe[]): Projection => {
  const describe = describeWith([
    describeUser,
    describeCategory,
    describeCar,
    ...describers,
    describeApiKey,
    describeWebhook,
  ]);
  return {
    name: 'audit',
    // A subject's first label is looked up by subject (`firstLabels`).
    readsIndexes: ['audit_subject_idx'],
    apply(tables, event) {
      return this.applyAll!(tables, [event]);
    },
    async applyAll(tables, events) {
      const entries = events.flatMap((event) => {
        const entry = describe(event);
        return entry ? [{ event, entry }] : [];
      });
      if (entries.length === 0) return;
      // A subject keeps the label it was first recorded with. Only the subjects of unlabelled
      // entries need it, and not those whose first entry here is the event that brought them
      // into being: nothing about them came before. Earlier batches hold the others' labels.
      const firstHere = new Map<string, string>();
      for (const { event, entry } of entries) {
        if (!firstHere.has(entry.subjectId)) firstHere.set(entry.subjectId, event.type);
      }
      const unlabelled = new Set<string>();
      for (const { entry } of entries) {
        if (!entry.label && !BEGINNINGS.has(firstHere.get(entry.subjectId) ?? '')) {
          unlabelled.add(entry.subjectId);
        }
      }
      const labels = await firstLabels(tables, [...unlabelled]);
      const seen = new Set<bigint>();
      const rows = [];
      for (const { event, entry } of entries) {
        if (seen.has(event.position)) continue;
        seen.add(event.position);
        if (entry.label && !labels.has(entry.subjectId)) labels.set(entry.subjectId, entry.label);
        const { actor, occurredAt, correlationId, causationId } = event.metadata;
        rows.push({
          position: event.position,
          event_id: event.id,
          event_type: event.type,
          action: entry.action,
          actor_uid: actor.uid,
          actor_email: actor.email,
          actor_role: actor.role,
          subject_type: entry.subjectType,
          subject_id: entry.subjectId,
          subject_label: entry.label ?? labels.get(entry.subjectId) ?? entry.subjectId,
          occurred_at: occurredAt,
          correlation_id: correlationId,
          causation_id: causationId,
          details: entry.details ?? {},
        });
      }
      await appendRows(tables, 'audit_log', rows);
    },
  };
};
