import type { ReportSubjectType } from '../platform/rules.ts';
import type { DomainEvent } from '../registry/events.ts';

/** A subject as its reports' stream names it: `<type>-<id>`, which is also the group's id. */
export const subjectKeyOf = (subject: { type: ReportSubjectType; id: string }): string =>
  `${subject.type}-${subject.id}`;

/** One open report: by whom, with its id. */
export type OpenReport = { reportId: string; reporterId: string };

/** The reports on one subject, from stream `reports-<type>-<id>`. */
export type ReportsState = {
  /** What they are about, as the first report named it; null before any report. */
  subject: { type: ReportSubjectType; id: string } | null;
  /** The subject's owner, as the first report recorded it; null before any report. */
  ownerId: string | null;
  /** For a message: its conversation, which a moderator may read around it. */
  conversationId: string | null;
  /** Reports not yet resolved, oldest first: at most one per reporter. */
  open: readonly OpenReport[];
};

export const initialReportsState = (): ReportsState => ({
  subject: null,
  ownerId: null,
  conversationId: null,
  open: [],
});

export const evolveReports = (state: ReportsState, event: DomainEvent): ReportsState => {
  switch (event.type) {
    case 'ReportFiled': {
      const { reportId, reporterId, ownerId, conversationId, subject } = event.data;
      return {
        subject: state.subject ?? subject,
        ownerId: state.ownerId ?? ownerId,
        conversationId: state.conversationId ?? conversationId,
        open: [...state.open, { reportId, reporterId }],
      };
    }
    case 'ReportsResolved': {
      const resolved = new Set(event.data.reportIds);
      return { ...state, open: state.open.filter((report) => !resolved.has(report.reportId)) };
    }
    default:
      return state;
  }
};
