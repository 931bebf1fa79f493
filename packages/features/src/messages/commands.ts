import {
  blockPartySlice,
  readConversationSlice,
  unblockPartySlice,
} from './conversation-actions.ts';
import { sendMessageSlice, startConversationSlice } from './send-message.ts';

/** The commands of this feature, by type: each one's slice. The registry lists them with every other feature's. */
export const messageCommands = {
  StartConversation: startConversationSlice,
  SendMessage: sendMessageSlice,
  ReadConversation: readConversationSlice,
  BlockParty: blockPartySlice,
  UnblockParty: unblockPartySlice,
} as const;
