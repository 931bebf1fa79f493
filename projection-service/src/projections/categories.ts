import type { Projection } from '../projection.ts';

export const categoriesProjection: Projection = {
  name: 'categories',
  async apply(tables, event) {
    const version = event.position;
    switch (event.type) {
      case 'CategoryCreated':
        await tables
          .insertInto('categories')
          .values({
            id: event.data.categoryId,
            name: event.data.name,
            created_at: event.metadata.occurredAt,
            version,
          })
          .onConflict((c) => c.column('id').doNothing())
          .execute();
        return;
      case 'CategoryDeleted':
        await tables
          .updateTable('categories')
          .set({ deleted_at: event.metadata.occurredAt, version })
          .where('id', '=', event.data.categoryId)
          .where('version', '<', version)
          .execute();
        return;
      default:
        return;
    }
  },
};
