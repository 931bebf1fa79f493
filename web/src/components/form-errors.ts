import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/http.ts';
import { notifyError } from './notify.ts';

/** The message under every empty required field (spec section 5). */
export const REQUIRED = 'This field is required';

/**
 * Shows a failed command to the user: the server's field errors under their fields
 * (API field name -> form field name), anything else as an error toast.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Record<string, Path<T>>,
): void {
  let shown = false;
  if (error instanceof ApiError) {
    for (const problem of error.fieldErrors) {
      const field = fields[problem.field.replace(/^body\./, '')];
      if (field) {
        setError(field, { type: 'server', message: problem.message });
        shown = true;
      }
    }
  }
  if (!shown) notifyError(error);
}
