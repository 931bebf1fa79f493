// What a user's events change in other features' tables: the audit log.

import type { Describe } from '../audit/index.ts';

export const describeUser: Describe = (event) => {
  switch (event.type) {
    case 'UserRegistered':
      return {
        begins: true,
        action: `registered as ${event.data.role}`,
        subjectType: 'user',
        subjectId: event.data.userId,
        // A user erased since has an empty email: the label is then the name that stands for them.
        label: event.data.email ? `${event.data.name} <${event.data.email}>` : event.data.name,
        details: { role: event.data.role },
      };
    case 'UserBecameSeller':
      return { action: 'became a seller', subjectType: 'user', subjectId: event.data.userId };
    case 'UserPromotedToAdmin':
      return { action: 'promoted to admin', subjectType: 'user', subjectId: event.data.userId };
    case 'UserDeleted':
      return { action: 'deleted', subjectType: 'user', subjectId: event.data.userId };
    case 'UserProfileChanged': {
      // Which fields changed; never the phone itself.
      const { userId, ...changed } = event.data;
      return {
        action: 'changed their profile',
        subjectType: 'user',
        subjectId: userId,
        details: { fields: Object.keys(changed) },
      };
    }
    default:
      return undefined;
  }
};
