/**
 * The SQL of the PostgreSQL event store, shared by the `pg` and PGlite executors. Everything
 * lives in one schema (default `event_store`); the schema name is validated, never quoted
 * from user input, because it is spliced into identifiers.
 */

export const DEFAULT_SCHEMA = 'event_store';

/** SQLSTATE raised by `append_events` when an expected version does not hold. */
export const WRONG_EXPECTED_VERSION = 'ES409';

/** The unique index on event ids, named in the unique violation of a repeated id. */
export const EVENT_ID_INDEX = 'events_event_id_key';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,50}$/;

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(
      `Invalid event store schema name "${schema}": use lower-case letters, digits and _`,
    );
  }
}

/** The LISTEN/NOTIFY channel that announces new events (payload: the new head position). */
export function notificationChannel(schema: string): string {
  assertSchemaName(schema);
  return `${schema}_appended`;
}

/**
 * The idempotent migration: safe to run at every start, also from several processes at once
 * (the advisory lock serialises concurrent runs).
 */
export function migrationSql(schema: string): string {
  assertSchemaName(schema);
  const s = schema;
  // One simple-protocol script runs as one implicit transaction: an error rolls all of it back
  // and leaves no open transaction on a shared connection.
  return `
select pg_advisory_xact_lock(hashtextextended('${s}.migrate', 0));
create schema if not exists ${s};

create table if not exists ${s}.events (
  position       bigint      primary key,
  stream_id      text        not null,
  stream_version integer     not null,
  event_id       uuid        not null,
  event_type     text        not null,
  data           jsonb       not null,
  metadata       jsonb       not null,
  recorded_at    timestamptz not null,
  constraint events_stream_version_unique unique (stream_id, stream_version),
  constraint events_position_positive check (position > 0),
  constraint events_stream_version_non_negative check (stream_version >= 0)
);

-- An event id names one event of the store: a retried append that carries the same ids is
-- refused as a whole instead of writing them twice.
create unique index if not exists events_event_id_key on ${s}.events (event_id);

-- The store's identity, made once with it: a copy restored from a backup keeps it, any other
-- store has another. Checkpoints record it, so a reader finds out when it meets another store.
create table if not exists ${s}.store (
  id         uuid        primary key,
  created_at timestamptz not null default now(),
  singleton  boolean     not null default true unique check (singleton)
);
insert into ${s}.store (id) select gen_random_uuid() where not exists (select 1 from ${s}.store);

-- Appends to one or several streams in one statement, so one round trip and one transaction.
-- requests: [{ "stream": text, "expected": "any" | "no_stream" | int, "events": [
--   { "id": uuid, "type": text, "data": object, "metadata": object } ] }]
-- Returns one row per request: the stream, its version after the append and the position of
-- its last new event (null when the request carried no events).
create or replace function ${s}.append_events(requests jsonb)
returns table (out_stream text, out_version integer, out_position bigint)
language plpgsql volatile
as $fn$
declare
  request jsonb;
  request_index bigint;
  stream text;
  expected text;
  current_version integer;
  conflict boolean;
  head bigint;
  event_count integer;
  notify_head bigint := null;
  written_at timestamptz;
begin
  if current_setting('transaction_isolation') <> 'read committed' then
    raise exception 'The event store appends only at READ COMMITTED isolation, not %',
      current_setting('transaction_isolation');
  end if;

  -- Every append holds this lock until its transaction ends, so appends commit one at a time
  -- and in position order: a reader that sees position p has already been able to see every
  -- position below p. Statements below run after the lock, each with a fresh snapshot.
  perform pg_advisory_xact_lock(hashtextextended('${s}.append', 0));

  -- The time recorded never goes back, even when the server's clock is stepped back: events
  -- in position order are in time order.
  select e.position, greatest(clock_timestamp(), e.recorded_at) into head, written_at
    from ${s}.events e order by e.position desc limit 1;
  head := coalesce(head, 0);
  written_at := coalesce(written_at, clock_timestamp());

  for request, request_index in
    select r.value, r.ordinality from jsonb_array_elements(requests) with ordinality as r(value, ordinality)
  loop
    stream := request->>'stream';
    expected := request->>'expected';

    select coalesce(max(e.stream_version), -1) into current_version
      from ${s}.events e where e.stream_id = stream;

    -- CASE, unlike OR, guarantees the cast is only tried on a number.
    conflict := case expected
      when 'any' then false
      when 'no_stream' then current_version <> -1
      else expected::integer <> current_version
    end;
    if conflict then
      raise exception using
        errcode = '${WRONG_EXPECTED_VERSION}',
        message = format('Stream %s: expected version %s, but it is at %s',
          stream, expected, current_version),
        detail = jsonb_build_object(
          'index', request_index - 1, 'stream', stream, 'actual', current_version)::text;
    end if;

    event_count := jsonb_array_length(request->'events');

    insert into ${s}.events
      (position, stream_id, stream_version, event_id, event_type, data, metadata, recorded_at)
    select head + e.ordinality, stream, current_version + e.ordinality::integer,
      (e.value->>'id')::uuid, e.value->>'type', e.value->'data', e.value->'metadata', written_at
    from jsonb_array_elements(request->'events') with ordinality as e(value, ordinality);

    if event_count > 0 then
      head := head + event_count;
      notify_head := head;
      out_stream := stream;
      out_version := current_version + event_count;
      out_position := head;
    else
      out_stream := stream;
      out_version := current_version;
      out_position := null;
    end if;
    return next;
  end loop;

  if notify_head is not null then
    perform pg_notify('${notificationChannel(s)}', notify_head::text);
  end if;
end;
$fn$;

-- Writes several independent appends in one transaction, so they share one lock hand-over and
-- one commit (one WAL flush). appends: a JSON array whose items are append_events' requests.
-- Each append runs in a subtransaction of its own (the exception block): one whose expectation
-- fails, whose event id is taken, or which fails otherwise is undone alone and reported, and
-- the others still commit. A failed append's notification is discarded with it.
-- Returns append_events' rows tagged with the 0-based index of their append, or one row per
-- failed append carrying its error (SQLSTATE, message, detail and constraint).
create or replace function ${s}.append_batch(appends jsonb)
returns table (out_append integer, out_stream text, out_version integer, out_position bigint,
  out_error text, out_message text, out_detail text, out_constraint text)
language plpgsql volatile
as $fn$
declare
  requests jsonb;
  append_index bigint;
begin
  -- Taken once for the whole batch; append_events takes it again, which a holder may.
  perform pg_advisory_xact_lock(hashtextextended('${s}.append', 0));
  for requests, append_index in
    select a.value, a.ordinality from jsonb_array_elements(appends) with ordinality as a(value, ordinality)
  loop
    begin
      -- append_events finishes (or fails) before it hands over a row, so a failed append
      -- leaves no row behind.
      return query select (append_index - 1)::integer, r.out_stream, r.out_version,
        r.out_position, null::text, null::text, null::text, null::text
        from ${s}.append_events(requests) r;
    exception when others then
      out_append := append_index - 1;
      out_stream := null;
      out_version := null;
      out_position := null;
      out_error := sqlstate;
      get stacked diagnostics out_message = message_text, out_detail = pg_exception_detail,
        out_constraint = constraint_name;
      return next;
    end;
  end loop;
end;
$fn$;
`;
}

// Positions leave as text (bigint, exact on both drivers). ORDER BY names the table's columns
// through the alias `e`: a bare name would sort by the text output column.
const COLUMNS = `e.position::text as position, e.stream_id, e.stream_version,
  e.event_id::text as event_id, e.event_type, e.data, e.metadata, e.recorded_at`;

export function statements(schema: string) {
  assertSchemaName(schema);
  const s = schema;
  return {
    /** $1: the appends (each an array of requests) as JSON text. */
    appendBatch: `select out_append, out_stream, out_version, out_position::text as out_position,
      out_error, out_message, out_detail, out_constraint
      from ${s}.append_batch($1::jsonb)`,
    /** $1: stream, $2: first version. */
    readStream: `select ${COLUMNS} from ${s}.events e
      where e.stream_id = $1 and e.stream_version >= $2 order by e.stream_version`,
    /** $1: position (exclusive, as text), $2: limit. */
    readAll: `select ${COLUMNS} from ${s}.events e
      where e.position > $1::bigint order by e.position limit $2`,
    /** $1: position (as text). */
    eventAt: `select ${COLUMNS} from ${s}.events e where e.position = $1::bigint`,
    head: `select max(position)::text as head from ${s}.events`,
    /** $1: event ids (uuid text array): where each is, for settling an append in doubt. */
    eventsById: `select e.event_id::text as event_id, e.stream_id, e.stream_version,
      e.position::text as position from ${s}.events e where e.event_id = any($1::uuid[])`,
    /** $1: stream. */
    streamVersion: `select max(stream_version) as version from ${s}.events where stream_id = $1`,
    storeId: `select id::text as id from ${s}.store`,
  } as const;
}

export interface EventRow {
  position: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: Date | string;
}

/** A row of `append_batch`: a stream an append wrote or checked, or the error of a failed one. */
export interface AppendBatchRow {
  out_append: number;
  out_stream: string | null;
  out_version: number | null;
  out_position: string | null;
  out_error: string | null;
  out_message: string | null;
  out_detail: string | null;
  out_constraint: string | null;
}
