import type { Projection } from '../projection.ts';

/** users: one row per account; a deleted account keeps its row, marked, and is never answered. */
export const usersProjection: Projection = {
  name: 'users',
  async apply(tables, event) {
    const version = event.position;
    const at = event.metadata.occurredAt;
    const update = (values: { role?: string; deleted_at?: string }, userId: string) =>
      tables
        .updateTable('users')
        .set({ ...values, version })
        .where('id', '=', userId)
        .where('version', '<', version)
        .execute();

    switch (event.type) {
      case 'UserRegistered': {
        const { userId, name, email, role, photoURL } = event.data;
        await tables
          .insertInto('users')
          .values({
            id: userId,
            name,
            email,
            role,
            photo_url: photoURL,
            registered_at: at,
            version,
          })
          .onConflict((c) => c.column('id').doNothing())
          .execute();
        return;
      }
      case 'UserBecameSeller':
        await update({ role: 'Seller' }, event.data.userId);
        return;
      case 'UserPromotedToAdmin':
        await update({ role: 'Admin' }, event.data.userId);
        return;
      case 'UserDeleted':
        await update({ deleted_at: at }, event.data.userId);
        return;
      default:
        return;
    }
  },
};
