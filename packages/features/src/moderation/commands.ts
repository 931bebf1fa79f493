import { fileReportSlice } from './file-report.ts';
import { resolveReportsSlice, viewReportedMessageSlice } from './resolve-reports.ts';

/** The commands of this feature, by type: each one's slice. The registry lists them with every other feature's. */
export const moderationCommands = {
  FileReport: fileReportSlice,
  ResolveReports: resolveReportsSlice,
  ViewReportedMessage: viewReportedMessageSlice,
} as const;
