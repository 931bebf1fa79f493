import type { PersonalValue } from '@second-gear/event-store';

/**
 * What is personal in a feature's events: each such value is sealed in the log with its
 * person's own key, and reads as its erased form once that person is deleted (docs/security.md).
 */
export type PersonalValues = Readonly<Record<string, readonly PersonalValue[]>>;

/** The name that stands for an erased person wherever their name was. */
export const ERASED_NAME = 'Deleted user';
/** An erased email or phone. */
export const ERASED_CONTACT = '';

/**
 * The value `field` of an event's data belongs to the person whose id is in `owner`; once they
 * are erased, readers get `erased`.
 */
export const personalField = (field: string, owner: string, erased: unknown): PersonalValue => ({
  path: ['data', field],
  subject: (event) => {
    const id = event.data[owner];
    return typeof id === 'string' ? id : undefined;
  },
  erased,
});
