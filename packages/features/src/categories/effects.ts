// What a category's events change in other features' tables: the audit log.

import type { Describe } from '../audit/index.ts';

export const describeCategory: Describe = (event) => {
  switch (event.type) {
    case 'CategoryCreated':
      return {
        begins: true,
        action: 'created',
        subjectType: 'category',
        subjectId: event.data.categoryId,
        label: event.data.name,
      };
    case 'CategoryDeleted':
      return {
        action: 'deleted',
        subjectType: 'category',
        subjectId: event.data.categoryId,
        label: event.data.name,
      };
    default:
      return undefined;
  }
};
