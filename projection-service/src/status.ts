// The read model's status lives with the read model, which the query service reads too.
export {
  LAG_COUNT_LIMIT,
  type ProjectionStatus,
  type ReadModelStatus,
  readModelStatus,
} from '@second-gear/read-model';
