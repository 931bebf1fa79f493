import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, describeError } from '../api/http.ts';

/**
 * Shows a failed command to the user: the server's field errors under the form's fields of the
 * same name (the forms use the contract's field names); anything else in the form itself, beside
 * its button (its `root.server` error, which the form shows with `FormAlert`). Said once, where the
 * user acted: a toast far from the form would repeat it.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  let shown = false;
  if (error instanceof ApiError) {
    for (const problem of error.fieldErrors) {
      const name = problem.field.replace(/^body\./, '');
      const field = fields.find((candidate) => candidate === name);
      if (field) {
        setError(field, { type: 'server', message: problem.message });
        shown = true;
      }
    }
  }
  if (shown) return;
  setError('root.server', { type: 'server', message: describeError(error) });
}
