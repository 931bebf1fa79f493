import { type Kysely, sql } from 'kysely';
import { eachAtOnce } from './at-once.ts';
import type { ReadModelDatabase } from './schema.ts';

/**
 * The read model's migrations: one ordered set, each applied once per schema and recorded in
 * `<schema>.migrations`. They take the schema name so a rebuild can create the same tables in
 * a fresh schema. Append new migrations at the end; never edit a published one.
 */
/**
 * The lower bound of a car's price band, for the filter panel: the bounds are
 * `PRICE_BAND_BOUNDS`, and a price belongs to the highest bound it reaches. Migration 0003
 * writes them into its trigger: other bounds need a migration of their own.
 */
export const PRICE_BAND_BOUNDS = [0, 5_000, 10_000, 15_000, 20_000, 30_000, 50_000] as const;
/** A car's price band in SQL, over its `price` column. */
export const PRICE_BAND_SQL = `case ${PRICE_BAND_BOUNDS.slice(1)
  .toReversed()
  .map((bound) => `when price >= ${bound} then ${bound}`)
  .join(' ')} else 0 end`;

/** The cars the facets count since migration 0008: live and unsold, as search shows them. */
const FACET_COUNTED = 'deleted_at is null and sold_at is null';
/** The cars whose models the panel counts: those that also say their make and model. */
const MODEL_COUNTED = `${FACET_COUNTED} and make is not null and model is not null`;
/**
 * The cars search shows and the facets count since migration 0020: live, unsold and on the
 * market (not hidden by a moderator, not a suspended seller's, not expired).
 */
const ON_MARKET = `${FACET_COUNTED} and not off_market`;
const ON_MARKET_MODELS = `${ON_MARKET} and make is not null and model is not null`;
/** The cars a buyer can book, kept in `available_cars`, as a condition on the row `r`. */
type RowCondition = (r?: string) => string;
const AVAILABLE_0013: RowCondition = (r = '') =>
  `${r}deleted_at is null and ${r}sold_at is null and ${r}booked = 0`;
/** Since migration 0020: also on the market. */
const AVAILABLE: RowCondition = (r = '') => `${AVAILABLE_0013(r)} and not ${r}off_market`;
/** The key of `car_model_facets`, and the values a car gives it. */
const MODEL_FACET_COLUMNS =
  'make, model, category_name, fuel, transmission, price_band, booked, advertised';
const MODEL_FACET_VALUES = `make, model, category_name, coalesce(fuel, ''), coalesce(transmission, ''),
            ${PRICE_BAND_SQL}, booked, advertised`;

export interface Migration {
  name: string;
  statements: (schema: string) => string[];
}

/**
 * The facet counts' trigger function: it adds the rows a statement wrote and subtracts the rows
 * it replaced or removed, counting the cars that `counted` holds for, and puts their words in
 * the vocabulary. It names tables through the trigger's own schema, so the rebuild's schema
 * rename carries it along. Migrations 0003 and 0008 create it, each with its own condition;
 * 0014 has it count the models too (`car_model_facets`), from the same rows.
 */
const countCarFacetsFunction = (
  s: string,
  create: 'create' | 'create or replace',
  counted: string,
  countModels = false,
) => `${create} function ${s}.count_car_facets() returns trigger language plpgsql as $fn$
      declare
        changed text;
      begin
        if TG_OP = 'INSERT' then
          changed := 'select *, 1 as delta from new_rows';
        elsif TG_OP = 'DELETE' then
          changed := 'select *, -1 as delta from old_rows';
        else
          changed := 'select *, 1 as delta from new_rows union all select *, -1 from old_rows';
        end if;
        execute format($q$
          insert into %1$I.car_facets as f
            (category_name, make, fuel, transmission, price_band, booked, advertised, cars)
          select category_name, coalesce(make, ''), coalesce(fuel, ''), coalesce(transmission, ''),
            ${PRICE_BAND_SQL}, booked, advertised, sum(delta)
          from (%2$s) c
          where ${counted}
          group by 1, 2, 3, 4, 5, 6, 7
          having sum(delta) <> 0
          on conflict (category_name, make, fuel, transmission, price_band, booked, advertised)
          do update set cars = f.cars + excluded.cars
        $q$, TG_TABLE_SCHEMA, changed);${
          countModels
            ? `
        execute format($q$
          insert into %1$I.car_model_facets as f (${MODEL_FACET_COLUMNS}, cars)
          select ${MODEL_FACET_VALUES}, sum(delta)
          from (%2$s) c
          where ${MODEL_COUNTED}
          group by 1, 2, 3, 4, 5, 6, 7, 8
          having sum(delta) <> 0
          on conflict (${MODEL_FACET_COLUMNS})
          do update set cars = f.cars + excluded.cars
        $q$, TG_TABLE_SCHEMA, changed);`
            : ''
        }
        if TG_OP <> 'DELETE' then
          execute format($q$
            insert into %1$I.search_words (word)
            select distinct w.lexeme from new_rows, unnest(new_rows.search_vector) w
            where length(w.lexeme) between 2 and 40
            on conflict do nothing
          $q$, TG_TABLE_SCHEMA);
        end if;
        return null;
      end
      $fn$`;

/**
 * The three statement triggers (insert, update, delete) by which `fn` follows the cars table,
 * each handing it the statement's rows as `new_rows` and `old_rows`.
 */
const carsStatementTriggers = (s: string, name: string, fn: string) => [
  `create trigger ${name}_insert after insert on ${s}.cars
    referencing new table as new_rows
    for each statement execute function ${s}.${fn}()`,
  `create trigger ${name}_update after update on ${s}.cars
    referencing old table as old_rows new table as new_rows
    for each statement execute function ${s}.${fn}()`,
  `create trigger ${name}_delete after delete on ${s}.cars
    referencing old table as old_rows
    for each statement execute function ${s}.${fn}()`,
];

/** What `available_cars` keeps of a car, besides its id, named as the cars table names it. */
const SEARCHED = [
  'listed_position',
  'category_name',
  'make',
  'model',
  'year',
  'mileage',
  'price',
  'fuel',
  'transmission',
  'location',
  'search_vector',
];
const AVAILABLE_COLUMNS = ['id', ...SEARCHED].join(', ');
/** Since migration 0022, where the car is too: a point the distance index holds. */
const AVAILABLE_COLUMNS_0022 = `${AVAILABLE_COLUMNS}, earth_point`;
/** Since migration 0024, its deal rating too. */
const AVAILABLE_COLUMNS_0024 = `${AVAILABLE_COLUMNS_0022}, deal`;
/** The columns whose change moves a car into, out of or within `available_cars`. */
const WATCHED = ['deleted_at', 'sold_at', 'booked', ...SEARCHED];
/** Since migration 0020, leaving or coming back to the market too. */
const WATCHED_0020 = [...WATCHED, 'off_market'];
/** Since migration 0022, its coordinates too (its point follows them). */
const WATCHED_0022 = [...WATCHED_0020, 'latitude', 'longitude'];
const WATCHED_0024 = [...WATCHED_0022, 'deal'];

/** The Earth's mean radius in kilometres, the sphere every distance is measured on. */
export const EARTH_RADIUS_KM = 6371.0088;

/**
 * A latitude and longitude (columns or values, in degrees) as a point in space, in kilometres
 * from the Earth's centre; null when either is. A GiST index over such points (the `cube`
 * extension) finds the points within a straight-line distance of one, and orders them by it.
 */
const earthPointSql = (latitude: string, longitude: string) =>
  `case when ${latitude} is null or ${longitude} is null then null else cube(array[
    ${EARTH_RADIUS_KM} * cos(radians(${latitude})) * cos(radians(${longitude})),
    ${EARTH_RADIUS_KM} * cos(radians(${latitude})) * sin(radians(${longitude})),
    ${EARTH_RADIUS_KM} * sin(radians(${latitude}))]) end`;
const watchedOf = (row: string) => `(${WATCHED.map((column) => `${row}.${column}`).join(', ')})`;

/**
 * The body of a trigger function whose statements are written out rather than built as text and
 * run with EXECUTE: PL/pgSQL then plans each once per connection and reuses the plan, where an
 * EXECUTE parses and plans its text on every call (about half a millisecond for each statement
 * of these triggers, on every write to cars). Tables are found through the trigger's own schema,
 * put first on the search path for the call and taken off again after it, so the function
 * still follows its schema when a rebuild renames it (a plan names the tables it was made with,
 * and is made again when the path differs); `pg_temp` comes last so that no temporary table can
 * stand in for one.
 */
const inTriggerSchema = (statements: string) => `declare
        path text := current_setting('search_path');
      begin
        perform set_config('search_path', format('%I, pg_catalog, pg_temp', TG_TABLE_SCHEMA), true);
${statements}
        perform set_config('search_path', path, true);
        return null;
      end`;

/** The rows an update changed in a column of `columns`, as `n` (new) joined to `o` (old). */
/**
 * An update's statements over its transition tables: planned once, as 0015 has them, or, with
 * `large`, planned again for an update of more than `LARGE_UPDATE` rows (a market revalued
 * changes thousands of cars in one statement; the plan cached for the one-row updates a session
 * starts with joins the old and new rows in a nested loop, a square of their number).
 */
const LARGE_UPDATE = 64;
const forUpdate = (statements: string, large: boolean) =>
  large
    ? `
          if (select count(*) from new_rows) > ${LARGE_UPDATE} then${statements
            .split(';')
            .filter((statement) => statement.trim() !== '')
            .map((statement) => `\n            execute $q$${statement}$q$;`)
            .join('')}
          else${statements}
          end if;`
    : statements;

const changedIn = (columns: readonly string[]) =>
  `new_rows n join old_rows o on o.id = n.id
            where (${columns.map((c) => `n.${c}`).join(', ')}) is distinct from (${columns.map((c) => `o.${c}`).join(', ')})`;

/** Adds each counted car of `rows` (carrying a `delta` of 1 or -1) to the facet counts. */
const countFacetsOf = (rows: string, counted = FACET_COUNTED, modelCounted = MODEL_COUNTED) => `
          insert into car_facets as f
            (category_name, make, fuel, transmission, price_band, booked, advertised, cars)
          select category_name, coalesce(make, ''), coalesce(fuel, ''), coalesce(transmission, ''),
            ${PRICE_BAND_SQL}, booked, advertised, sum(delta)
          from (${rows}) c
          where ${counted}
          group by 1, 2, 3, 4, 5, 6, 7
          having sum(delta) <> 0
          on conflict (category_name, make, fuel, transmission, price_band, booked, advertised)
          do update set cars = f.cars + excluded.cars;
          insert into car_model_facets as f (${MODEL_FACET_COLUMNS}, cars)
          select ${MODEL_FACET_VALUES}, sum(delta)
          from (${rows}) c
          where ${modelCounted}
          group by 1, 2, 3, 4, 5, 6, 7, 8
          having sum(delta) <> 0
          on conflict (${MODEL_FACET_COLUMNS})
          do update set cars = f.cars + excluded.cars;`;

/** Puts the words of `rows`' search vectors in the vocabulary. */
const keepWordsOf = (rows: string) => `
          insert into search_words (word)
          select distinct w.lexeme from (${rows}) c, unnest(c.search_vector) w
          where length(w.lexeme) between 2 and 40
          on conflict do nothing;`;

/**
 * Migration 0015's facet counts: those of 0014, in statements planned once; 0020 counts the
 * cars on the market alone.
 */
const plannedCountCarFacets = (
  s: string,
  counted = FACET_COUNTED,
  modelCounted = MODEL_COUNTED,
  large = false,
) => `create or replace function ${s}.count_car_facets()
      returns trigger language plpgsql as $fn$
      ${inTriggerSchema(`
        if TG_OP = 'INSERT' then${countFacetsOf('select *, 1 as delta from new_rows', counted, modelCounted)}${keepWordsOf('select search_vector from new_rows')}
        elsif TG_OP = 'DELETE' then${countFacetsOf('select *, -1 as delta from old_rows', counted, modelCounted)}
        else${countFacetsOf('select *, 1 as delta from new_rows union all select *, -1 from old_rows', counted, modelCounted)}
          -- A booking, a price or a sale leaves a car's words as they were.${forUpdate(keepWordsOf(`select n.search_vector from ${changedIn(['search_vector'])}`), large)}
        end if;`)}
      $fn$`;

/**
 * Migration 0015's available cars: those of 0013, in statements planned once; 0020 keeps the
 * cars on the market alone, and follows them leaving it and coming back.
 */
const plannedKeepAvailableCars = (
  s: string,
  available = AVAILABLE_0013,
  watched = WATCHED,
  columns = AVAILABLE_COLUMNS,
  large = false,
) => `create or replace function ${s}.keep_available_cars()
      returns trigger language plpgsql as $fn$
      ${inTriggerSchema(`
        if TG_OP = 'INSERT' then
          insert into available_cars (${columns})
          select ${columns} from new_rows
          where ${available()}
          on conflict (id) do nothing;
        elsif TG_OP = 'DELETE' then
          delete from available_cars a using old_rows o where a.id = o.id;
        else
          -- The rows whose availability or searched columns the update changed leave, and
          -- those still available come back as they now are.${forUpdate(
            `
          delete from available_cars a using ${changedIn(watched)} and a.id = n.id;
          insert into available_cars (${columns})
          select ${columns
            .split(', ')
            .map((c) => `n.${c}`)
            .join(', ')} from ${changedIn(watched)}
            and ${available('n.')}
          on conflict (id) do nothing;`,
            large,
          )}
        end if;`)}
      $fn$`;

export const migrations: Migration[] = [
  {
    name: '0001-read-tables',
    statements: (s) => [
      `create table if not exists ${s}.users (
        id text primary key,
        name text not null,
        email text not null,
        role text not null,
        photo_url text,
        registered_at timestamptz not null,
        deleted_at timestamptz,
        version bigint not null
      )`,
      `create index if not exists users_email_idx on ${s}.users (lower(email)) where deleted_at is null`,
      `create index if not exists users_role_idx on ${s}.users (role, registered_at) where deleted_at is null`,
      `create index if not exists users_registered_idx on ${s}.users (registered_at, id) where deleted_at is null`,

      `create table if not exists ${s}.categories (
        id text primary key,
        name text not null,
        created_at timestamptz not null,
        deleted_at timestamptz,
        version bigint not null
      )`,
      `create index if not exists categories_name_idx on ${s}.categories (lower(name)) where deleted_at is null`,

      `create table if not exists ${s}.products (
        id text primary key,
        name text not null,
        seller_id text not null,
        seller_name text not null,
        email text not null,
        category_id text not null,
        category text not null,
        image text not null,
        original_price double precision not null,
        price double precision not null,
        location text not null,
        use double precision not null,
        booked integer not null default 0,
        advertise integer not null default 0,
        listed_at timestamptz not null,
        deleted_at timestamptz,
        listed_position bigint not null,
        version bigint not null
      )`,
      // Every list query of the query service has its index, ordered as it pages.
      `create index if not exists products_listed_idx on ${s}.products (listed_position) where deleted_at is null`,
      `create index if not exists products_seller_idx on ${s}.products (lower(email), listed_position) where deleted_at is null`,
      `create index if not exists products_category_idx on ${s}.products (lower(category), listed_position) where deleted_at is null`,
      `create index if not exists products_advertised_idx on ${s}.products (listed_position)
        where advertise = 1 and booked = 0 and deleted_at is null`,

      `create table if not exists ${s}.bookings (
        id text primary key,
        product_id text not null,
        product_name text not null,
        price double precision not null,
        seller_id text not null,
        seller text not null,
        seller_email text not null,
        buyer_id text not null,
        buyer text not null,
        buyer_email text not null,
        buyer_phone text not null,
        meetup text not null,
        booked_at timestamptz not null,
        position bigint not null
      )`,
      `create index if not exists bookings_seller_idx on ${s}.bookings (lower(seller_email), position)`,
      `create index if not exists bookings_buyer_idx on ${s}.bookings (lower(buyer_email), position)`,
      `create index if not exists bookings_product_idx on ${s}.bookings (product_id)`,

      `create table if not exists ${s}.audit_log (
        position bigint primary key,
        event_id text not null unique,
        event_type text not null,
        action text not null,
        actor_uid text not null,
        actor_email text not null,
        actor_role text not null,
        subject_type text not null,
        subject_id text not null,
        subject_label text not null,
        occurred_at timestamptz not null,
        correlation_id text not null,
        causation_id text not null,
        details jsonb not null default '{}'::jsonb
      )`,
      `create index if not exists audit_actor_idx on ${s}.audit_log (actor_uid, position desc)`,
      `create index if not exists audit_actor_email_idx on ${s}.audit_log (lower(actor_email), position desc)`,
      `create index if not exists audit_subject_idx on ${s}.audit_log (subject_id, position desc)`,
      `create index if not exists audit_type_idx on ${s}.audit_log (event_type, position desc)`,
      `create index if not exists audit_time_idx on ${s}.audit_log (occurred_at desc)`,
      `create index if not exists audit_correlation_idx on ${s}.audit_log (correlation_id)`,

      `create table if not exists ${s}.projection_checkpoints (
        name text primary key,
        position bigint,
        events_applied bigint not null default 0,
        updated_at timestamptz not null
      )`,
    ],
  },
  {
    // The read side names things as the events do: cars, not products, and columns in the
    // marketplace's own words rather than the public API's field names (which the query service
    // maps to). Renames only: the rows, the column types and every index's columns and
    // predicate stay as they were (PostgreSQL follows a renamed column into the indexes).
    name: '0002-cars-vocabulary',
    statements: (s) => [
      `alter table ${s}.products rename to cars`,
      `alter table ${s}.cars rename constraint products_pkey to cars_pkey`,
      `alter table ${s}.cars rename column email to seller_email`,
      `alter table ${s}.cars rename column category to category_name`,
      `alter table ${s}.cars rename column use to years_of_use`,
      `alter table ${s}.cars rename column advertise to advertised`,
      `alter index ${s}.products_listed_idx rename to cars_listed_idx`,
      `alter index ${s}.products_seller_idx rename to cars_seller_idx`,
      `alter index ${s}.products_category_idx rename to cars_category_idx`,
      `alter index ${s}.products_advertised_idx rename to cars_advertised_idx`,

      `alter table ${s}.bookings rename column product_id to car_id`,
      `alter table ${s}.bookings rename column product_name to car_name`,
      `alter table ${s}.bookings rename column seller to seller_name`,
      `alter table ${s}.bookings rename column buyer to buyer_name`,
      `alter index ${s}.bookings_product_idx rename to bookings_car_idx`,
    ],
  },
  {
    // Structured listings and search. A car gains the details buyers filter on; a full-text
    // vector over its words; a vocabulary of those words, for matching a misspelt one; and the
    // facet counts of live cars, kept by a trigger in the transaction that changes a car, so
    // no request ever counts the whole table.
    name: '0003-car-details-and-search',
    statements: (s) => [
      'create extension if not exists pg_trgm',
      `alter table ${s}.cars
        add column make text,
        add column model text,
        add column year integer,
        add column mileage integer,
        add column fuel text,
        add column transmission text,
        add column description text`,
      // Make, model and name weigh most, then the location, then the description. The 'simple'
      // configuration keeps words as written (lowercased), so a prefix of any word matches.
      `alter table ${s}.cars add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple', coalesce(make, '') || ' ' || coalesce(model, '') || ' ' || name), 'A')
        || setweight(to_tsvector('simple', location), 'B')
        || setweight(to_tsvector('simple', coalesce(description, '')), 'C')
      ) stored`,
      `create index cars_search_idx on ${s}.cars using gin (search_vector) where deleted_at is null`,
      // The orders a search sorts by, each ending in the listing position so paging by keyset is
      // stable. None of them mentions booked, so booking a car can stay a HOT update.
      `create index cars_price_idx on ${s}.cars (price, listed_position) where deleted_at is null`,
      `create index cars_year_idx on ${s}.cars ((coalesce(year, -1)), listed_position) where deleted_at is null`,
      `create index cars_mileage_idx on ${s}.cars ((coalesce(mileage, 2147483647)), listed_position) where deleted_at is null`,
      `create index cars_make_idx on ${s}.cars (lower(make), listed_position) where deleted_at is null`,
      `create index cars_model_idx on ${s}.cars (lower(make), lower(model), listed_position) where deleted_at is null`,

      `create table ${s}.search_words (word text primary key)`,
      `create index search_words_trgm_idx on ${s}.search_words using gin (word gin_trgm_ops)`,

      // One row per combination of the facets, counting live cars; sums over it answer the
      // totals of the unfiltered lists, a category, the Recommended cars and the filter panel.
      `create table ${s}.car_facets (
        category_name text not null,
        make text not null,
        fuel text not null,
        transmission text not null,
        price_band integer not null,
        booked integer not null,
        advertised integer not null,
        cars bigint not null,
        primary key (category_name, make, fuel, transmission, price_band, booked, advertised)
      )`,
      // One function for the three statement triggers.
      countCarFacetsFunction(s, 'create', 'deleted_at is null'),
      ...carsStatementTriggers(s, 'cars_counted', 'count_car_facets'),
      // The cars already there, counted once.
      `insert into ${s}.car_facets
        (category_name, make, fuel, transmission, price_band, booked, advertised, cars)
      select category_name, '', '', '', ${PRICE_BAND_SQL}, booked, advertised, count(*)
      from ${s}.cars where deleted_at is null
      group by 1, 2, 3, 4, 5, 6, 7`,
      `insert into ${s}.search_words (word)
      select distinct w.lexeme from ${s}.cars, unnest(cars.search_vector) w
      where length(w.lexeme) between 2 and 40
      on conflict do nothing`,
    ],
  },
  {
    // Found by measuring at a million cars: a location is matched by its start, which only a
    // pattern index serves; and a make and its models are far from independent, which the
    // planner learns from statistics on the pair (it expected 22 Honda Civics, not 11,000).
    name: '0004-search-by-location-and-model',
    statements: (s) => [
      `create index cars_location_idx on ${s}.cars (lower(location) text_pattern_ops, listed_position) where deleted_at is null`,
      `create statistics ${s}.cars_make_model_stats (ndistinct, dependencies, mcv) on lower(make), lower(model) from ${s}.cars`,
      `analyze ${s}.cars`,
    ],
  },
  {
    // What is someone's own is decided by account, never by email: a deleted account's email
    // may be taken by another one. A seller's cars and both sides' bookings are read by uid.
    name: '0005-own-by-account',
    statements: (s) => [
      `create index cars_seller_id_idx on ${s}.cars (seller_id, listed_position) where deleted_at is null`,
      `create index bookings_seller_id_idx on ${s}.bookings (seller_id, position)`,
      `create index bookings_buyer_id_idx on ${s}.bookings (buyer_id, position)`,
    ],
  },
  {
    // An event a projection cannot apply is parked here with its error, and the projection goes
    // on with the next one; an operator retries or skips it (`npm run projections -- parked`),
    // and the row keeps who did which and when.
    name: '0006-parked-events',
    statements: (s) => [
      `create table ${s}.parked_events (
        projection text not null,
        position bigint not null,
        event_id text not null,
        stream_id text not null,
        type text not null,
        error text not null,
        attempts integer not null default 1,
        parked_at timestamptz not null default now(),
        resolution text check (resolution in ('retried', 'skipped')),
        resolved_at timestamptz,
        resolved_by text,
        primary key (projection, position)
      )`,
      `create index parked_events_unresolved_idx on ${s}.parked_events (position) where resolution is null`,
    ],
  },
  {
    // A checkpoint says which store it was written against and which event sits at its
    // position, so a projection that meets another store (a new database, a restore from an
    // older backup, a failover that lost the last events) refuses to go on instead of skipping.
    name: '0007-checkpoint-store',
    statements: (s) => [
      `alter table ${s}.projection_checkpoints add column store_id text, add column event_id text`,
    ],
  },
  {
    // What happens after the listing. A car may be edited (its price history kept from the
    // events) and sold: a sold car leaves search and the facet counts, and stays readable. A
    // booking has a state, and the time its buyer proposed.
    name: '0008-listing-and-booking-life',
    statements: (s) => [
      `alter table ${s}.cars
        add column sold_at timestamptz,
        add column previous_price double precision,
        add column price_changed_at timestamptz`,
      `create table ${s}.car_prices (
        car_id text not null,
        position bigint not null,
        price double precision not null,
        changed_at timestamptz not null,
        primary key (car_id, position)
      )`,
      `alter table ${s}.bookings
        add column status text not null default 'requested',
        add column proposed_time timestamptz,
        add column status_changed_at timestamptz,
        add column version bigint`,
      `update ${s}.bookings set version = position`,
      `alter table ${s}.bookings alter column version set not null`,
      // The facet counts leave sold cars out, as search does.
      countCarFacetsFunction(s, 'create or replace', FACET_COUNTED),
    ],
  },
  {
    // What members keep and hear: a user's phone; favourite cars and saved searches; the
    // notifications made from events for the people concerned, and how far each has read.
    name: '0009-members',
    statements: (s) => [
      `alter table ${s}.users add column phone text`,
      `create table ${s}.favourites (
        user_id text not null,
        car_id text not null,
        added_at timestamptz not null,
        position bigint not null,
        primary key (user_id, car_id)
      )`,
      `create index favourites_user_idx on ${s}.favourites (user_id, position)`,
      `create index favourites_car_idx on ${s}.favourites (car_id)`,
      `create table ${s}.saved_searches (
        id text primary key,
        user_id text not null,
        name text not null,
        query text not null,
        created_at timestamptz not null,
        position bigint not null
      )`,
      `create index saved_searches_user_idx on ${s}.saved_searches (user_id, position)`,
      `create table ${s}.notifications (
        id text primary key,
        user_id text not null,
        position bigint not null,
        kind text not null,
        car_id text not null,
        details jsonb not null default '{}'::jsonb,
        created_at timestamptz not null
      )`,
      `create index notifications_user_idx on ${s}.notifications (user_id, position)`,
      `create table ${s}.notification_reads (
        user_id text primary key,
        up_to bigint not null
      )`,
    ],
  },
  {
    // A car's gallery, cover first; null for a car that has only its listing's picture.
    name: '0010-car-photos',
    statements: (s) => [`alter table ${s}.cars add column images jsonb`],
  },
  {
    // Integrators: the API keys admins issued (the hash of each secret, never the secret) and
    // the webhook endpoints, as the `integrations` projection keeps them; and notifications
    // that are about no car (a failing webhook, told to every admin).
    name: '0011-integrations',
    statements: (s) => [
      `create table ${s}.api_keys (
        id text primary key,
        name text not null,
        scopes jsonb not null,
        prefix text not null,
        secret_hash text not null,
        created_at timestamptz not null,
        created_by text not null,
        revoked_at timestamptz,
        last_command_at timestamptz,
        version bigint not null
      )`,
      `create index api_keys_created_idx on ${s}.api_keys (created_at, id)`,
      `create table ${s}.webhook_endpoints (
        id text primary key,
        url text not null,
        types jsonb not null,
        description text not null,
        paused boolean not null default false,
        failing boolean not null default false,
        created_at timestamptz not null,
        created_by text not null,
        deleted_at timestamptz,
        version bigint not null
      )`,
      `create index webhook_endpoints_created_idx on ${s}.webhook_endpoints (created_at, id)
        where deleted_at is null`,
      `alter table ${s}.notifications alter column car_id drop not null`,
    ],
  },
  {
    // Bookings change a car's `booked`, and a booking's status, many times more often than
    // anything else. Such an update stays on its page, touching no index (a HOT update), when
    // no index names a column it changes and the page has room: so the Recommended cars' index
    // no longer names `booked` (the read filters it on the few rows it finds), and the pages of
    // both tables keep free space for the new row versions.
    name: '0012-hot-booking-updates',
    statements: (s) => [
      `drop index ${s}.cars_advertised_idx`,
      `create index cars_advertised_idx on ${s}.cars (listed_position)
        where advertised = 1 and deleted_at is null`,
      `alter table ${s}.cars set (fillfactor = 85)`,
      `alter table ${s}.bookings set (fillfactor = 85)`,
    ],
  },
  {
    // A search leaves booked, sold and deleted cars out, and says how many cars match, counted
    // up to 10,000. Counted in the cars table, every match costs a visit to its wide row, for
    // `booked` if nothing else (which no index may name, or bookings would stop being HOT
    // updates): 100 to 500 ms for a few thousand matches. Here the cars a buyer can book are
    // kept apart, narrow, with an index per filter that holds what the filter reads, so a count
    // reads an index alone and takes a few ms. Triggers keep it: a car joins when it is listed
    // or its booking ends, leaves when booked, sold or deleted, and is written again when a
    // column here changes.
    name: '0013-available-cars',
    statements: (s) => [
      // Each filter's index also holds the column its expression reads: a count then reads the
      // index alone (PostgreSQL answers from an expression index only with its columns).
      `create table ${s}.available_cars (
        id text primary key,
        listed_position bigint not null,
        category_name text not null,
        make text,
        model text,
        year integer,
        mileage integer,
        price double precision not null,
        fuel text,
        transmission text,
        location text not null,
        search_vector tsvector
      )`,
      `create index available_cars_listed_idx on ${s}.available_cars (listed_position)`,
      `create index available_cars_category_idx on ${s}.available_cars (lower(category_name), listed_position) include (category_name)`,
      `create index available_cars_model_idx on ${s}.available_cars (lower(make), lower(model), listed_position) include (make, model)`,
      `create index available_cars_price_idx on ${s}.available_cars (price, listed_position)`,
      `create index available_cars_year_idx on ${s}.available_cars ((coalesce(year, -1)), listed_position) include (year)`,
      `create index available_cars_mileage_idx on ${s}.available_cars ((coalesce(mileage, 2147483647)), listed_position) include (mileage)`,
      `create index available_cars_location_idx on ${s}.available_cars (lower(location) text_pattern_ops, listed_position) include (location)`,
      `create index available_cars_fuel_idx on ${s}.available_cars (fuel, transmission, listed_position)`,
      `create index available_cars_search_idx on ${s}.available_cars using gin (search_vector)`,
      `create function ${s}.keep_available_cars() returns trigger language plpgsql as $fn$
      declare
        changed text;
      begin
        -- The rows whose availability or searched columns this statement changed.
        if TG_OP = 'INSERT' then
          changed := 'select * from new_rows';
        elsif TG_OP = 'DELETE' then
          changed := 'select * from old_rows';
        else
          changed := 'select n.* from new_rows n join old_rows o on o.id = n.id
            where ${watchedOf('n')} is distinct from ${watchedOf('o')}';
        end if;
        if TG_OP <> 'INSERT' then
          execute format('delete from %1$I.available_cars a using (%2$s) c where a.id = c.id',
            TG_TABLE_SCHEMA, changed);
        end if;
        if TG_OP <> 'DELETE' then
          execute format($q$
            insert into %1$I.available_cars (${AVAILABLE_COLUMNS})
            select ${AVAILABLE_COLUMNS} from (%2$s) c
            where deleted_at is null and sold_at is null and booked = 0
            on conflict (id) do nothing
          $q$, TG_TABLE_SCHEMA, changed);
        end if;
        return null;
      end
      $fn$`,
      ...carsStatementTriggers(s, 'cars_available', 'keep_available_cars'),
      `insert into ${s}.available_cars (${AVAILABLE_COLUMNS})
      select ${AVAILABLE_COLUMNS}
      from ${s}.cars where deleted_at is null and sold_at is null and booked = 0`,
      `analyze ${s}.available_cars`,
    ],
  },
  {
    // The filter panel's models of a make, counted like the other facets: a make's models from
    // a few hundred rows instead of reading and sorting the newest 10,000 of its cars.
    name: '0014-model-facets',
    statements: (s) => [
      `create table ${s}.car_model_facets (
        make text not null,
        model text not null,
        category_name text not null,
        fuel text not null,
        transmission text not null,
        price_band integer not null,
        booked integer not null,
        advertised integer not null,
        cars bigint not null,
        primary key (${MODEL_FACET_COLUMNS})
      )`,
      `create index car_model_facets_make_idx on ${s}.car_model_facets (lower(make))`,
      // The facets' trigger counts the models from the rows it already reads.
      countCarFacetsFunction(s, 'create or replace', FACET_COUNTED, true),
      `insert into ${s}.car_model_facets (${MODEL_FACET_COLUMNS}, cars)
      select ${MODEL_FACET_VALUES}, count(*)
      from ${s}.cars where ${MODEL_COUNTED}
      group by 1, 2, 3, 4, 5, 6, 7, 8`,
    ],
  },
  {
    // The triggers on cars, the same work in statements PL/pgSQL plans once per connection,
    // where EXECUTE planned each again on every write: about a millisecond less for every
    // statement that lists, books or changes cars. An update now adds words to the vocabulary
    // only for the cars whose words it changed.
    name: '0015-planned-car-triggers',
    statements: (s) => [plannedKeepAvailableCars(s), plannedCountCarFacets(s)],
  },
  {
    // Money is kept exactly: `numeric`, which holds a price as the event gave it (19999.99 is
    // 19999.99, not the nearest binary fraction). A double holds every whole dollar exactly, so
    // the prices already kept convert without a change of value.
    name: '0016-exact-money',
    statements: (s) => [
      `alter table ${s}.cars
        alter column original_price type numeric,
        alter column price type numeric,
        alter column previous_price type numeric`,
      `alter table ${s}.available_cars alter column price type numeric`,
      `alter table ${s}.car_prices alter column price type numeric`,
      `alter table ${s}.bookings alter column price type numeric`,
    ],
  },
  {
    // Whose personal data the details of an audit entry or a notification show, by person:
    // `{"<uid>": ["buyer"]}`. Deleting that person erases those details by this map.
    name: '0017-personal-details',
    statements: (s) => [
      `alter table ${s}.audit_log add column personal jsonb not null default '{}'::jsonb`,
      `create index audit_personal_idx on ${s}.audit_log using gin (personal)`,
      `alter table ${s}.notifications add column personal jsonb not null default '{}'::jsonb`,
      `create index notifications_personal_idx on ${s}.notifications using gin (personal)`,
    ],
  },
  {
    // The API key that registered an endpoint, which alone (besides admins) sees and manages
    // it; null for an admin's. Endpoints registered before keys owned theirs stay admins'.
    name: '0018-webhook-owners',
    statements: (s) => [
      `alter table ${s}.webhook_endpoints add column owner_key_id text`,
      `create index webhook_endpoints_owner_idx on ${s}.webhook_endpoints (owner_key_id, created_at, id)
        where deleted_at is null`,
    ],
  },
  {
    // Conversations between a car's buyer and its seller, each party's inbox, the messages, and
    // whom each user refuses messages from; the `messages` projection keeps them.
    name: '0019-conversations',
    statements: (s) => [
      `create table ${s}.conversations (
        id text primary key,
        car_id text not null,
        buyer_id text not null,
        seller_id text not null,
        started_at timestamptz not null,
        messages integer not null default 0,
        last_text text not null default '',
        last_sender_id text not null default '',
        last_at timestamptz not null,
        position bigint not null,
        version bigint not null
      )`,
      `create index conversations_car_idx on ${s}.conversations (car_id)`,
      `create table ${s}.inbox (
        user_id text not null,
        conversation_id text not null,
        other_id text not null,
        role text not null check (role in ('buyer', 'seller')),
        unread integer not null default 0,
        position bigint not null,
        version bigint not null,
        primary key (user_id, conversation_id)
      )`,
      `create index inbox_user_idx on ${s}.inbox (user_id, position)`,
      `create index inbox_conversation_idx on ${s}.inbox (conversation_id)`,
      `create table ${s}.conversation_messages (
        conversation_id text not null,
        seq integer not null,
        id text not null,
        sender_id text not null,
        recipient_id text not null,
        text text not null,
        sent_at timestamptz not null,
        position bigint not null,
        primary key (conversation_id, seq)
      )`,
      `create index conversation_messages_recipient_idx
        on ${s}.conversation_messages (recipient_id, position)`,
      `create index conversation_messages_sender_idx on ${s}.conversation_messages (sender_id)`,
      `create table ${s}.user_blocks (
        blocker_id text not null,
        blocked_id text not null,
        position bigint not null,
        primary key (blocker_id, blocked_id)
      )`,
      `create index user_blocks_blocked_idx on ${s}.user_blocks (blocked_id)`,
    ],
  },
  {
    // Trust: a car leaves the market while a moderator hides it, while its seller is suspended,
    // or once it expired (`renewed_at`: when its seller last renewed it); `off_market` says any of them, and search, the facets and the
    // available cars keep the cars on the market alone. Reports, and which moderator read the
    // conversation around a reported message.
    name: '0020-moderation',
    statements: (s) => [
      `alter table ${s}.users
        add column suspended_at timestamptz,
        add column suspension_reason text`,
      `alter table ${s}.cars
        add column hidden_at timestamptz,
        add column hidden_reason text,
        add column hidden_by text,
        add column seller_suspended_at timestamptz,
        add column expired_at timestamptz,
        add column renewed_at timestamptz,
        add column off_market boolean not null generated always as
          (hidden_at is not null or seller_suspended_at is not null or expired_at is not null) stored`,
      // Every car is on the market until now: the counts and the available cars stand as they are.
      plannedKeepAvailableCars(s, AVAILABLE, WATCHED_0020),
      plannedCountCarFacets(s, ON_MARKET, ON_MARKET_MODELS),
      `create table ${s}.reports (
        id text primary key,
        subject_type text not null,
        subject_id text not null,
        subject_key text not null,
        owner_id text not null,
        reporter_id text not null,
        reason text not null,
        details text,
        conversation_id text,
        seq integer,
        filed_at timestamptz not null,
        position bigint not null,
        resolved_at timestamptz,
        action text,
        resolution_reason text,
        moderator_id text
      )`,
      `create index reports_open_idx on ${s}.reports (subject_key, position) where resolved_at is null`,
      `create index reports_subject_idx on ${s}.reports (subject_key, position)`,
      `create index reports_reporter_idx on ${s}.reports (reporter_id)`,
      `create table ${s}.report_resolutions (
        subject_key text primary key,
        action text not null,
        reason text not null,
        moderator_id text not null,
        resolved_at timestamptz not null,
        position bigint not null
      )`,
      `create table ${s}.moderation_views (
        moderator_id text not null,
        subject_key text not null,
        conversation_id text not null,
        position bigint not null,
        primary key (moderator_id, subject_key)
      )`,
    ],
  },
  {
    // Reviews of sellers after a meetup, and what a seller's profile counts: their rating (kept
    // on every car of theirs for the cards, and per seller), the bookings they accepted, and
    // when they first answered each conversation.
    name: '0021-reviews',
    statements: (s) => [
      `create table ${s}.reviews (
        id text primary key,
        booking_id text not null,
        car_id text not null,
        seller_id text not null,
        buyer_id text not null,
        rating smallint not null,
        text text not null,
        answer text,
        answered_at timestamptz,
        posted_at timestamptz not null,
        hidden_at timestamptz,
        hidden_reason text,
        position bigint not null
      )`,
      `create index reviews_seller_idx on ${s}.reviews (seller_id, position) where hidden_at is null`,
      `create index reviews_buyer_idx on ${s}.reviews (buyer_id)`,
      `create table ${s}.seller_ratings (
        seller_id text primary key,
        reviews integer not null default 0,
        stars integer not null default 0
      )`,
      `alter table ${s}.cars
        add column seller_reviews integer not null default 0,
        add column seller_stars integer not null default 0`,
      `alter table ${s}.bookings add column accepted_at timestamptz`,
      `create index bookings_seller_accepted_idx on ${s}.bookings (seller_id) where accepted_at is not null`,
      `alter table ${s}.conversations add column first_answer_at timestamptz`,
      `create index conversations_seller_idx on ${s}.conversations (seller_id)`,
    ],
  },
  {
    // Where each car is: the coordinates of its location (null while the place is unknown), and
    // the point in space they make, which a GiST index orders by distance; among the available
    // cars too, so a search near a place counts its matches there. The cars projection fills
    // the coordinates; the cars already kept are located when the projections start.
    name: '0022-car-places',
    statements: (s) => [
      'create extension if not exists cube',
      `alter table ${s}.cars
        add column latitude double precision,
        add column longitude double precision,
        add column earth_point cube generated always as (${earthPointSql('latitude', 'longitude')}) stored`,
      `create index cars_place_idx on ${s}.cars using gist (earth_point) where deleted_at is null`,
      `alter table ${s}.available_cars add column earth_point cube`,
      `create index available_cars_place_idx on ${s}.available_cars using gist (earth_point)`,
      plannedKeepAvailableCars(s, AVAILABLE, WATCHED_0022, AVAILABLE_COLUMNS_0022),
    ],
  },
  {
    // A car's words are split where a search splits typed words: at every character but a
    // letter, a digit or an inner dot. The text parser alone kept "9-5" as "9" and "-5", so a
    // search for "Saab 9-5" (the words "saab", "9" and "5") missed the car. Weights as before.
    name: '0023-words-split-as-typed',
    statements: (s) => {
      const words = (text: string) =>
        `to_tsvector('simple', regexp_replace(${text}, '[^[:alnum:].]+', ' ', 'g'))`;
      return [
        `alter table ${s}.cars drop column search_vector`,
        `alter table ${s}.cars add column search_vector tsvector generated always as (
          setweight(${words("coalesce(make, '') || ' ' || coalesce(model, '') || ' ' || name")}, 'A')
          || setweight(${words('location')}, 'B')
          || setweight(${words("coalesce(description, '')")}, 'C')
        ) stored`,
        `create index cars_search_idx on ${s}.cars using gin (search_vector) where deleted_at is null`,
        `update ${s}.available_cars a set search_vector = c.search_vector
          from ${s}.cars c where c.id = a.id`,
        `insert into ${s}.search_words (word)
          select distinct w.lexeme from ${s}.cars, unnest(cars.search_vector) w
          where length(w.lexeme) between 2 and 40 and cars.deleted_at is null
          on conflict do nothing`,
      ];
    },
  },
  {
    // Each car's market value from comparable cars (the median price, and the 25th to 75th
    // percentile as the fair range), how many there were, its deal rating, and its price
    // against the value (what `sort=deal` orders by); all null while it has no rating. The
    // cars projection marks a make and model `dirty` in `car_markets` whenever a car of it is
    // listed, repriced, edited, sold or leaves the market, and values the dirty ones again at the
    // end of a batch that caught up (or a second later in a burst); those it does not name (all
    // of them, the first time) are valued when the projections start.
    name: '0024-market-values',
    statements: (s) => [
      `alter table ${s}.cars
        add column market_value numeric,
        add column fair_low numeric,
        add column fair_high numeric,
        add column comparables integer,
        add column deal text,
        add column deal_ratio double precision`,
      `create index cars_deal_idx on ${s}.cars ((coalesce(deal_ratio, 1e9)), listed_position) where deleted_at is null`,
      `create table ${s}.car_markets (
        make_key text not null,
        model_key text not null,
        dirty boolean not null default false,
        primary key (make_key, model_key)
      )`,
      `create index car_markets_dirty_idx on ${s}.car_markets (make_key, model_key) where dirty`,
      `alter table ${s}.available_cars add column deal text`,
      `create index available_cars_deal_idx on ${s}.available_cars (deal, listed_position)`,
      plannedKeepAvailableCars(s, AVAILABLE, WATCHED_0024, AVAILABLE_COLUMNS_0024),
    ],
  },
  {
    // An update of many cars (a market revalued) has its trigger statements planned for their
    // number: with the plan a session cached for one-row updates, revaluing 9,000 cars took
    // 105 s in the triggers.
    name: '0025-large-updates-planned',
    statements: (s) => [
      plannedKeepAvailableCars(s, AVAILABLE, WATCHED_0024, AVAILABLE_COLUMNS_0024, true),
      plannedCountCarFacets(s, ON_MARKET, ON_MARKET_MODELS, true),
    ],
  },
  {
    // The distance index among the available cars carries each car's listing position and id,
    // so a search near a place takes its page (newest or nearest first) from the index alone
    // and reads only that page's cars: PostgreSQL expects a fixed 0.1 % of the cars within any
    // radius, and otherwise read every match from the wide cars rows to sort them.
    name: '0026-nearby-pages',
    statements: (s) => [
      `drop index ${s}.available_cars_place_idx`,
      `create index available_cars_place_idx on ${s}.available_cars using gist (earth_point) include (listed_position, id)`,
    ],
  },
  {
    // The points the available cars stand at, each with its number of cars: the cars of a town
    // share its point, so nearest first is town after town, each town's cars in listing order.
    // A search near a place with no other filter walks the points in order of distance and
    // reads each one's first cars from `available_cars_point_idx`, and its total is theirs.
    name: '0027-car-points',
    statements: (s) => [
      `create table ${s}.car_points (
        earth_point cube primary key,
        cars integer not null
      )`,
      `create index car_points_place_idx on ${s}.car_points using gist (earth_point)`,
      `create index available_cars_point_idx on ${s}.available_cars (earth_point, listed_position) include (id)`,
      // A point left with no car is found through the partial index, which holds only those.
      `create index car_points_empty_idx on ${s}.car_points (cars) where cars <= 0`,
      // Counted by the points' own index (the cube's operators live outside the trigger's
      // search path): a car arriving adds one to its point, a car leaving takes one off.
      `create function ${s}.count_car_points() returns trigger language plpgsql as $fn$
      ${inTriggerSchema(`
        if TG_OP = 'INSERT' then
          insert into car_points as p (earth_point, cars)
          select earth_point, count(*) from new_rows where earth_point is not null group by 1
          on conflict (earth_point) do update set cars = p.cars + excluded.cars;
        else
          insert into car_points as p (earth_point, cars)
          select earth_point, -count(*) from old_rows where earth_point is not null group by 1
          on conflict (earth_point) do update set cars = p.cars + excluded.cars;
          delete from car_points where cars <= 0;
        end if;`)}
      $fn$`,
      `create trigger car_points_insert after insert on ${s}.available_cars
        referencing new table as new_rows
        for each statement execute function ${s}.count_car_points()`,
      `create trigger car_points_delete after delete on ${s}.available_cars
        referencing old table as old_rows
        for each statement execute function ${s}.count_car_points()`,
      `insert into ${s}.car_points (earth_point, cars)
        select earth_point, count(*) from ${s}.available_cars
        where earth_point is not null group by 1`,
      `analyze ${s}.car_points`,
    ],
  },
];

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export const assertSchemaName = (schema: string): string => {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid read model schema name: ${schema}`);
  return schema;
};

/**
 * Creates the schema and applies every migration it lacks, in order, in one transaction.
 * Safe to run concurrently and repeatedly: an advisory lock serialises runners and applied
 * migrations are skipped. Returns the names it applied. With `through`, it stops after that
 * migration, leaving the schema as that version of the code created it (to test upgrades).
 */
export const migrateReadModel = async (
  db: Kysely<ReadModelDatabase>,
  schema: string,
  options: { through?: string } = {},
): Promise<string[]> => {
  const s = assertSchemaName(schema);
  const { through } = options;
  const last =
    through === undefined ? migrations.length - 1 : migrations.findIndex((m) => m.name === through);
  if (last < 0) throw new Error(`No read model migration is named ${through}`);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`read-model-migrations:${s}`}))`.execute(trx);
    await sql.raw(`create schema if not exists ${s}`).execute(trx);
    await sql
      .raw(
        `create table if not exists ${s}.migrations (
          name text primary key,
          applied_at timestamptz not null default now()
        )`,
      )
      .execute(trx);
    const done = new Set(
      (await trx.withSchema(s).selectFrom('migrations').select('name').execute()).map(
        (r) => r.name,
      ),
    );
    const applied: string[] = [];
    for (const migration of migrations.slice(0, last + 1)) {
      if (done.has(migration.name)) continue;
      for (const statement of migration.statements(s)) await sql.raw(statement).execute(trx);
      await trx.withSchema(s).insertInto('migrations').values({ name: migration.name }).execute();
      applied.push(migration.name);
    }
    return applied;
  });
};

/**
 * The names of the migrations the schema still lacks, in order, or undefined when it was never
 * migrated at all. A model an older version created answers what the next
 * `migrateReadModel` (which the projection service runs when it starts) will apply.
 */
export const pendingMigrations = async (
  db: Kysely<ReadModelDatabase>,
  schema: string,
): Promise<string[] | undefined> => {
  const s = assertSchemaName(schema);
  const found = await sql<{ n: number }>`
    select count(*)::int as n from information_schema.tables
    where table_schema = ${s} and table_name = 'migrations'`.execute(db);
  if ((found.rows[0]?.n ?? 0) === 0) return undefined;
  const rows = await db.withSchema(s).selectFrom('migrations').select('name').execute();
  const names = new Set(rows.map((r) => r.name));
  return migrations.filter((m) => !names.has(m.name)).map((m) => m.name);
};

/** True when the schema exists and every migration has been applied to it. */
export const isSchemaComplete = async (
  db: Kysely<ReadModelDatabase>,
  schema: string,
): Promise<boolean> => (await pendingMigrations(db, schema))?.length === 0;

/**
 * The tables that the triggers on `cars` keep (the facet and model counts, the vocabulary and
 * the available cars), each made from the cars table in one pass, as those triggers would have
 * left it. A rebuild loads its cars with the triggers off (`disableCarTriggers`) and derives
 * these once at the end (`deriveCarTables`): one sort per table instead of a trigger's work per
 * statement. Each is emptied first, so deriving again gives the same. The vocabulary then holds
 * the words of the cars as they stand, where the live one also keeps words edits removed.
 */
const deriveFromCars = (s: string): string[][] => [
  [
    `truncate ${s}.car_facets`,
    `insert into ${s}.car_facets
      (category_name, make, fuel, transmission, price_band, booked, advertised, cars)
    select category_name, coalesce(make, ''), coalesce(fuel, ''), coalesce(transmission, ''),
      ${PRICE_BAND_SQL}, booked, advertised, count(*)
    from ${s}.cars where ${ON_MARKET}
    group by 1, 2, 3, 4, 5, 6, 7`,
  ],
  [
    `truncate ${s}.car_model_facets`,
    `insert into ${s}.car_model_facets (${MODEL_FACET_COLUMNS}, cars)
    select ${MODEL_FACET_VALUES}, count(*)
    from ${s}.cars where ${ON_MARKET_MODELS}
    group by 1, 2, 3, 4, 5, 6, 7, 8`,
  ],
  [
    `truncate ${s}.search_words`,
    `insert into ${s}.search_words (word)
    select distinct w.lexeme from ${s}.cars, unnest(cars.search_vector) w
    where length(w.lexeme) between 2 and 40 and cars.deleted_at is null and cars.sold_at is null`,
  ],
  [
    // The points' counts follow the available cars inserted (their trigger), from none.
    `truncate ${s}.available_cars, ${s}.car_points`,
    `insert into ${s}.available_cars (${AVAILABLE_COLUMNS_0024})
    select ${AVAILABLE_COLUMNS_0024}
    from ${s}.cars where ${AVAILABLE()}`,
  ],
];

/** Turns off the triggers on `schema.cars`, until `deriveCarTables` does their work at once. */
export const disableCarTriggers = async (db: Kysely<ReadModelDatabase>, schema: string) => {
  await sql.raw(`alter table ${assertSchemaName(schema)}.cars disable trigger user`).execute(db);
};

/** True while the triggers on `schema.cars` are off: its derived tables are still to be made. */
export const carTriggersDisabled = async (
  db: Kysely<ReadModelDatabase>,
  schema: string,
): Promise<boolean> => {
  const { rows } = await sql<{ off: boolean }>`
    select exists (
      select 1 from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relname = 'cars' and not t.tgisinternal
        and t.tgenabled = 'D'
    ) as off`.execute(db);
  return rows[0]?.off ?? false;
};

/**
 * Makes the tables the triggers on `schema.cars` keep from its rows, two at a time on two
 * connections (one per core of a small server), then turns the triggers on again. Until then
 * they stay off, so a rebuild stopped half-way derives them all again.
 */
export const deriveCarTables = async (db: Kysely<ReadModelDatabase>, schema: string) => {
  const s = assertSchemaName(schema);
  await eachAtOnce(deriveFromCars(s), 2, (statements) =>
    db.transaction().execute(async (trx) => {
      // Room to count and sort in memory: these read every car.
      await sql`set local work_mem = '128MB'`.execute(trx);
      for (const statement of statements) await sql.raw(statement).execute(trx);
    }),
  );
  await sql.raw(`alter table ${s}.cars enable trigger user`).execute(db);
};
