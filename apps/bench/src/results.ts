import type { EventStoreResult } from './event-store-bench.ts';
import type { Machine } from './machine.ts';
import type { Part } from './options.ts';
import type { ReadModelResult, ReadRun } from './read-model-bench.ts';
import type { WebResult } from './web-bench.ts';
import type { CategorySizeResult, WriteRun } from './writes-bench.ts';

export interface PartData {
  writes: {
    durationSeconds: number;
    pglite: WriteRun[];
    /** Absent from runs before the all-in-one could run on embedded PostgreSQL. */
    allInOnePostgres?: WriteRun[];
    postgres: WriteRun[];
    /** Absent from runs before listings into a full category were measured. */
    byCategorySize?: CategorySizeResult;
  };
  store: EventStoreResult;
  reads: ReadModelResult;
  rebuild: ReadModelResult;
  embedded: ReadRun[];
  web: WebResult;
}

/** One part's measurements with the setup they were taken on. */
export interface PartResult<P extends Part = Part> {
  part: P;
  /** ISO time the part started. */
  date: string;
  durationMs: number;
  quick: boolean;
  machine: Machine;
  /** 1-minute load average when the part started and when it ended. */
  load: { before: number; after: number };
  data: PartData[P];
}

export type Results = { [P in Part]?: PartResult<P> };
