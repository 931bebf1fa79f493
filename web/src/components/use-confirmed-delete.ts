import type { DeleteAnswer } from '@second-gear/features/contract';
import type { QueryKey } from '@tanstack/react-query';
import { useConfirmedCommand } from './use-confirmed-command.ts';

/**
 * Deleting a row through the confirmation dialog (see `useConfirmedCommand`). The success toast
 * shows only when something was deleted. Spread `dialog` on ConfirmDeleteDialog.
 */
export function useConfirmedDelete<T extends { _id: string }>(options: {
  run: (id: string) => Promise<DeleteAnswer>;
  success: string;
  invalidate: QueryKey[];
}) {
  return useConfirmedCommand<T, DeleteAnswer>({
    run: options.run,
    success: (answer) => (answer.deletedCount === 0 ? null : options.success),
    invalidate: options.invalidate,
  });
}
