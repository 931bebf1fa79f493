import type { Actor, DomainEvent, Role } from '../registry/events.ts';

/** A user, from stream `user-<uid>`. */
export type UserState =
  | { status: 'unregistered' }
  | {
      status: 'active';
      userId: string;
      name: string;
      email: string;
      role: Role;
      photoURL: string | null;
      /** The phone a booking starts with; null until the user gives one. */
      phone: string | null;
      /**
       * Ids of the cars this user lists that are not deleted, oldest first, as counted in this
       * stream by stores written before the seller's cars had a stream of their own
       * (`sellercars-<uid>`, seller-cars.ts): `liveSellerCarIds` joins the two.
       */
      carIds: readonly string[];
      /** Why a moderator suspended them; null while they are not suspended. */
      suspension: { reason: string } | null;
    }
  | { status: 'deleted'; userId: string; email: string };

export type ActiveUser = Extract<UserState, { status: 'active' }>;

export const initialUserState = (): UserState => ({ status: 'unregistered' });

export const evolveUser = (state: UserState, event: DomainEvent): UserState => {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, name, email, role, photoURL } = event.data;
      return {
        status: 'active',
        userId,
        name,
        email,
        role,
        photoURL,
        phone: null,
        carIds: [],
        suspension: null,
      };
    }
    case 'UserProfileChanged': {
      if (state.status !== 'active') return state;
      const { name, phone, photoURL } = event.data;
      return {
        ...state,
        ...(name === undefined ? {} : { name }),
        ...(phone === undefined ? {} : { phone }),
        ...(photoURL === undefined ? {} : { photoURL }),
      };
    }
    case 'UserBecameSeller':
      return state.status === 'active' ? { ...state, role: 'Seller' } : state;
    case 'UserPromotedToAdmin':
      return state.status === 'active' ? { ...state, role: 'Admin' } : state;
    case 'SellerCarAdded':
      return state.status === 'active' && !state.carIds.includes(event.data.carId)
        ? { ...state, carIds: [...state.carIds, event.data.carId] }
        : state;
    case 'SellerCarRemoved':
      return state.status === 'active'
        ? { ...state, carIds: state.carIds.filter((id) => id !== event.data.carId) }
        : state;
    case 'UserSuspended':
      return state.status === 'active'
        ? { ...state, suspension: { reason: event.data.reason } }
        : state;
    case 'UserSuspensionLifted':
      return state.status === 'active' ? { ...state, suspension: null } : state;
    case 'UserDeleted':
      return { status: 'deleted', userId: event.data.userId, email: event.data.email };
    default:
      return state;
  }
};

/**
 * The actor as the audit log should record it: with the role their user stream holds when the
 * command is decided (not the role claimed by their token).
 */
export const recordedActor = (actor: Actor, actorUser: UserState): Actor =>
  actor.role !== 'System' && actorUser.status === 'active'
    ? { uid: actor.uid, email: actorUser.email, role: actorUser.role }
    : { uid: actor.uid, email: actor.email, role: actor.role };
