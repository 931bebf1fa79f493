import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useCommand } from './use-command.ts';

/**
 * A command on a row, run through a confirmation dialog: `ask(row)` opens it, confirming runs
 * the command, and it closes either way (on a failure, so the error toast is not hidden behind
 * it). `selected` is the row asked about; spread `dialog` on a ConfirmDialog.
 */
export function useConfirmedCommand<T extends { _id: string }, A>(options: {
  run: (id: string) => Promise<A>;
  success: string | ((answer: A) => string | null);
  invalidate: QueryKey[];
}) {
  const [selected, setSelected] = useState<T | null>(null);
  const command = useCommand<string, A>({
    run: options.run,
    success: options.success,
    invalidate: options.invalidate,
    onSuccess: () => setSelected(null),
    onError: () => {
      setSelected(null);
      return false;
    },
  });
  return {
    ask: (row: T) => setSelected(row),
    selected,
    dialog: {
      open: selected !== null,
      busy: command.isPending,
      onCancel: () => setSelected(null),
      onConfirm: () => {
        if (selected) command.mutate(selected._id);
      },
    },
  };
}
