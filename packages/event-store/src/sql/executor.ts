/** What the SQL event store needs from a database: `pg` and PGlite each implement it thinly. */
export interface SqlExecutor {
  /** One parameterised statement, run in its own implicit transaction. */
  query<R>(text: string, params: unknown[]): Promise<R[]>;
  /** A multi-statement script (simple protocol, one implicit transaction). */
  script(text: string): Promise<void>;
  /**
   * Calls `onNotify` for every notification on `channel` (and after a lost listening
   * connection is restored, since notifications may have been missed). Returns a stop function.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** Releases what the executor opened itself; never a pool or database it was given. */
  close(): Promise<void>;
}

/** The fields of a database error that the store inspects (same on `pg` and PGlite). */
export interface DatabaseErrorLike {
  code?: string;
  detail?: string;
}

export function isDatabaseError(error: unknown): error is Error & DatabaseErrorLike {
  return error instanceof Error && 'code' in error;
}
