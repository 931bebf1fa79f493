import type { ColumnType } from 'kysely';

// The moderation's read tables, as Kysely sees them (the read model's database type includes
// them); migration 0020 creates them.

type Position = ColumnType<string | number | bigint, string | bigint, string | bigint>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** One row per report: what it is about, by whom and why, and how a moderator settled it. */
export interface ReportsTable {
  id: string;
  subject_type: string;
  subject_id: string;
  /** `<type>-<id>`: the reports of one subject are one group on the Reports page. */
  subject_key: string;
  owner_id: string;
  reporter_id: string;
  reason: string;
  details: Nullable<string>;
  conversation_id: Nullable<string>;
  seq: Nullable<number>;
  filed_at: Timestamp;
  position: Position;
  resolved_at: Nullable<Date | string>;
  action: Nullable<string>;
  resolution_reason: Nullable<string>;
  moderator_id: Nullable<string>;
}

/** The latest action on each subject reported, whether it settled reports or undid one. */
export interface ReportResolutionsTable {
  subject_key: string;
  action: string;
  reason: string;
  moderator_id: string;
  resolved_at: Timestamp;
  position: Position;
}

/** Which moderator recorded reading the conversation around a reported message. */
export interface ModerationViewsTable {
  moderator_id: string;
  subject_key: string;
  conversation_id: string;
  position: Position;
}

export interface ModerationTables {
  reports: ReportsTable;
  report_resolutions: ReportResolutionsTable;
  moderation_views: ModerationViewsTable;
}
