// The check itself lives with the read model's status, which the query service reads too.
export { checkpointMismatch, REBUILD_ADVICE } from '@second-gear/read-model';
