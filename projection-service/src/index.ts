export {
  type ApplyBatchOptions,
  applyBatch,
  type BatchResult,
  type ParkedEvent,
} from './apply-batch.ts';
export { subscriptionsHealth } from './health.ts';
export {
  expiredAnswerDays,
  type Pruned,
  prune,
  type Retention,
  startHousekeeping,
} from './housekeeping.ts';
export { type ProjectionServiceHttpOptions, projectionServiceHttp } from './http.ts';
export {
  type Lag,
  type ReadinessLimits,
  type SubscriptionsSnapshot,
  type SubscriptionsWatch,
  subscriptionsReadiness,
  watchSubscriptions,
} from './lag.ts';
export {
  projectionCounters,
  reactorCounters,
  type SubscriptionCounters,
  subscriptionGauges,
} from './metrics.ts';
export {
  listParked,
  NotParkedError,
  type Parked,
  type RetryResult,
  retryParked,
  skipParked,
} from './parked.ts';
export { identityAccountsReactor } from './reactions/identity-accounts.ts';
export {
  type ListingTerms,
  type ListingTermsOptions,
  startListingTerms,
} from './reactions/listing-terms.ts';
export { personalKeysReactor } from './reactions/personal-keys.ts';
export {
  migrateReactions,
  REACTIONS_SCHEMA,
  type Reactor,
  type ReactorState,
  type RunningReactors,
  readReactorStates,
  startReactors,
} from './reactions/reactor.ts';
export {
  type RebuildOptions,
  type RebuildProgress,
  type RebuildResult,
  rebuildReadModel,
} from './rebuild.ts';
export {
  type RunningProjections,
  type StartProjectionsOptions,
  startProjections,
} from './start-projections.ts';
export {
  DEFAULT_RETRY_DELAYS_MS,
  messageIdOf,
  migrateWebhookOutbox,
  type RunningWebhooks,
  type StartWebhooksOptions,
  startWebhooks,
  WEBHOOKS_SCHEMA,
} from './webhooks/index.ts';
