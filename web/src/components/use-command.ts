import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess } from './notify.ts';

/**
 * A write to the API: on success the toast, then the affected queries are refetched (the http
 * layer sends the command's position with those reads, so they include the change); on failure
 * an error toast unless the caller handles it.
 */
export function useCommand<V, A = unknown>({
  run,
  success,
  invalidate,
  onSuccess,
  onError,
}: {
  run: (variables: V) => Promise<A>;
  success?: string | ((answer: A) => string | null);
  invalidate: QueryKey[];
  onSuccess?: (answer: A, variables: V) => void;
  onError?: (error: unknown) => boolean | undefined;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer, variables) => {
      const message = typeof success === 'function' ? success(answer) : success;
      if (message) notifySuccess(message);
      onSuccess?.(answer, variables);
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (onError?.(error)) return;
      notifyError(error);
    },
  });
}
