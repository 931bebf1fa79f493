export { type ApplyBatchOptions, applyBatch, type BatchResult } from './apply-batch.ts';
export {
  type ProjectedEvent,
  type Projection,
  type ReadTables,
  toProjectedEvent,
} from './projection.ts';
export * from './projections/index.ts';
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
export { type ProjectionStatus, type ReadModelStatus, readModelStatus } from './status.ts';
