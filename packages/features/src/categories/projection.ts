import {
  insertRows,
  insertsFirst,
  type ProjectedEvent,
  type Projection,
} from '../platform/projection.ts';

const creation = (event: ProjectedEvent) =>
  event.type === 'CategoryCreated'
    ? {
        key: event.data.categoryId,
        row: {
          id: event.data.categoryId,
          name: event.data.name,
          created_at: event.metadata.occurredAt,
          version: event.position,
        },
      }
    : undefined;

type CategoryInsert = NonNullable<ReturnType<typeof creation>>['row'];

export const categoriesProjection: Projection = {
  name: 'categories',
  applyAll: insertsFirst({
    created: creation,
    insert: (tables, rows: CategoryInsert[]) => insertRows(tables, 'categories', rows),
  }),
  async apply(tables, event) {
    switch (event.type) {
      case 'CategoryCreated':
        await this.applyAll!(tables, [event]);
        return;
      case 'CategoryDeleted':
        await tables
          .updateTable('categories')
          .set({ deleted_at: event.metadata.occurredAt, version: event.position })
          .where('id', '=', event.data.categoryId)
          .where('version', '<', event.position)
          .execute();
        return;
      default:
        return;
    }
  },
};
