import type { Describe } from '../audit/index.ts';
import type { Notices } from '../members/index.ts';

// What a conversation's events change in other features' tables: the audit log (who wrote to
// whom about which car, never what they wrote) and the recipient's notifications.

/** A conversation's opening is the car's entry; a block is the blocked user's. */
export const describeConversation: Describe = (event) => {
  switch (event.type) {
    case 'ConversationStarted':
      return {
        action: 'started a conversation',
        subjectType: 'car',
        subjectId: event.data.carId,
        label: event.data.carName,
        details: {
          conversationId: event.data.conversationId,
          buyer: event.data.buyerName,
          sellerId: event.data.sellerId,
        },
        personal: { buyer: event.data.buyerId },
      };
    case 'UserBlocked':
    case 'UserUnblocked':
      return {
        action: event.type === 'UserBlocked' ? 'blocked messages from' : 'unblocked messages from',
        subjectType: 'user',
        subjectId: event.data.blockedId,
        details: { blockerId: event.data.blockerId },
      };
    default:
      return undefined;
  }
};

/**
 * The recipient of a message hears of it once per conversation until they read it: the first
 * unread message makes a notification, the ones after it only raise the unread count.
 */
export const messageNotices: Notices = {
  types: ['MessageSent'],
  of: (event) => {
    if (event.type !== 'MessageSent' || event.data.recipientUnread !== 1) return [];
    const { recipientId, carId, conversationId } = event.data;
    return [{ userId: recipientId, kind: 'message-received', carId, details: { conversationId } }];
  },
};
