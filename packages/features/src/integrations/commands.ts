import { issueApiKeySlice, revokeApiKeySlice } from './api-keys.ts';
import {
  deleteWebhookSlice,
  markWebhookFailingSlice,
  markWebhookRecoveredSlice,
  pauseWebhookSlice,
  registerWebhookSlice,
  replayWebhookSlice,
  resumeWebhookSlice,
} from './webhooks.ts';

/** The commands of this feature, by type: each one's slice. The registry lists them with every other feature's. */
export const integrationCommands = {
  IssueApiKey: issueApiKeySlice,
  RevokeApiKey: revokeApiKeySlice,
  RegisterWebhook: registerWebhookSlice,
  PauseWebhook: pauseWebhookSlice,
  ResumeWebhook: resumeWebhookSlice,
  DeleteWebhook: deleteWebhookSlice,
  ReplayWebhook: replayWebhookSlice,
  MarkWebhookFailing: markWebhookFailingSlice,
  MarkWebhookRecovered: markWebhookRecoveredSlice,
} as const;
