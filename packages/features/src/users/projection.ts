import { ERASED_CONTACT, ERASED_NAME } from '../platform/personal-data.ts';
import {
  insertRows,
  insertsFirst,
  type ProjectedEvent,
  type Projection,
} from '../platform/projection.ts';
import type { Role } from '../platform/reads/viewer.ts';

const registration = (event: ProjectedEvent) => {
  if (event.type !== 'UserRegistered') return undefined;
  const { userId, name, email, role, photoURL } = event.data;
  return {
    key: userId,
    row: {
      id: userId,
      name,
      email,
      role,
      photo_url: photoURL,
      registered_at: event.metadata.occurredAt,
      version: event.position,
    },
  };
};

type UserInsert = NonNullable<ReturnType<typeof registration>>['row'];

/** users: one row per account; a deleted account keeps its row, marked, and is never answered. */
export const usersProjection: Projection = {
  name: 'users',
  applyAll: insertsFirst({
    created: registration,
    insert: (tables, rows: UserInsert[]) => insertRows(tables, 'users', rows),
  }),
  async apply(tables, event) {
    const version = event.position;
    const update = (
      values: {
        role?: Role;
        deleted_at?: string;
        name?: string;
        email?: string;
        phone?: string | null;
        photo_url?: string | null;
        suspended_at?: string | null;
        suspension_reason?: string | null;
      },
      userId: string,
    ) =>
      tables
        .updateTable('users')
        .set({ ...values, version })
        .where('id', '=', userId)
        .where('version', '<', version)
        .execute();

    switch (event.type) {
      case 'UserRegistered':
        await this.applyAll!(tables, [event]);
        return;
      case 'UserBecameSeller':
        await update({ role: 'Seller' }, event.data.userId);
        return;
      case 'UserPromotedToAdmin':
        await update({ role: 'Admin' }, event.data.userId);
        return;
      case 'UserProfileChanged': {
        const { userId, name, phone, photoURL } = event.data;
        await update(
          {
            ...(name === undefined ? {} : { name }),
            ...(phone === undefined ? {} : { phone }),
            ...(photoURL === undefined ? {} : { photo_url: photoURL }),
          },
          userId,
        );
        return;
      }
      case 'UserSuspended':
        await update(
          { suspended_at: event.metadata.occurredAt, suspension_reason: event.data.reason },
          event.data.userId,
        );
        return;
      case 'UserSuspensionLifted':
        await update({ suspended_at: null, suspension_reason: null }, event.data.userId);
        return;
      case 'UserDeleted':
        // The row stays, marked, with nothing personal left in it.
        await update(
          {
            deleted_at: event.metadata.occurredAt,
            name: ERASED_NAME,
            email: ERASED_CONTACT,
            phone: null,
            photo_url: null,
          },
          event.data.userId,
        );
        return;
      default:
        return;
    }
  },
};
