import type { DomainEvent } from '../registry/events.ts';

/**
 * One account per email, from stream `email-<SHA-256 of the lowercased email>`. A released email is free
 * again: the stream goes on, and the next claim is appended at its current version.
 */
export type EmailReservationState =
  | { status: 'free' }
  | { status: 'claimed'; email: string; userId: string };

export const initialEmailReservationState = (): EmailReservationState => ({ status: 'free' });

export const evolveEmailReservation = (
  state: EmailReservationState,
  event: DomainEvent,
): EmailReservationState => {
  switch (event.type) {
    case 'EmailClaimed':
      return { status: 'claimed', email: event.data.email, userId: event.data.userId };
    case 'EmailReleased':
      return { status: 'free' };
    default:
      return state;
  }
};
