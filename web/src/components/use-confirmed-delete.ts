import type { DeleteAnswer } from '@second-gear/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useCommand } from './use-command.ts';

/**
 * Deleting a row through the confirmation dialog: `ask(row)` opens it, confirming runs the
 * delete, and it closes either way (on a failure, so the error toast is not hidden behind it).
 * The success toast shows only when something was deleted. Spread `dialog` on ConfirmDeleteDialog.
 */
export function useConfirmedDelete<T extends { _id: string }>(options: {
  run: (id: string) => Promise<DeleteAnswer>;
  success: string;
  invalidate: QueryKey[];
}) {
  const [selected, setSelected] = useState<T | null>(null);
  const remove = useCommand<string, DeleteAnswer>({
    run: options.run,
    success: (answer) => (answer.deletedCount === 0 ? null : options.success),
    invalidate: options.invalidate,
    onSuccess: () => setSelected(null),
    onError: () => {
      setSelected(null);
      return false;
    },
  });
  return {
    ask: (row: T) => setSelected(row),
    dialog: {
      open: selected !== null,
      busy: remove.isPending,
      onCancel: () => setSelected(null),
      onConfirm: () => {
        if (selected) remove.mutate(selected._id);
      },
    },
  };
}
