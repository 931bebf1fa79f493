import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { favouriteCar, getFavouriteIds, getFavourites, unfavouriteCar } from '../api/endpoints.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { notifyError } from '../components/notify.ts';

export const favouriteQueries = {
  all: ['favourites'] as const,
  ids: (user: string) =>
    queryOptions({
      queryKey: ['favourites', 'ids', user],
      queryFn: getFavouriteIds,
      // The hearts are a help beside the cars: without them the page still says all it must.
      meta: { quiet: true },
    }),
  /** The key of the Favourites screen's pages; the page number is added to it. */
  list: (user: string) => ['favourites', 'list', user] as const,
  page: (user: string, page: number) =>
    queryOptions({
      queryKey: [...favouriteQueries.list(user), page],
      queryFn: () => getFavourites(page),
    }),
};

/**
 * The ids of the signed-in user's favourite cars (empty for a visitor), and whether they are
 * known yet: a heart pressed before would say the opposite of what it does.
 */
export function useFavouriteIds(): { ids: ReadonlySet<string>; known: boolean } {
  const { status, user } = useAuth();
  const email = user?.email ?? '';
  const signedIn = status === 'signed-in' && email !== '';
  const { data, isPending } = useQuery({
    ...favouriteQueries.ids(email),
    enabled: signedIn,
    select: (ids) => new Set(ids),
  });
  return { ids: data ?? empty, known: !signedIn || !isPending };
}
const empty: ReadonlySet<string> = new Set();

/**
 * Keeps or lets go of a favourite. The heart turns at once; a refusal turns it back and says
 * why, and either way the favourites are read again.
 */
export function useFavouriteToggle() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { queryKey } = favouriteQueries.ids(user?.email ?? '');
  return useMutation({
    mutationFn: ({ id, keep }: { id: string; keep: boolean }): Promise<unknown> =>
      keep ? favouriteCar(id) : unfavouriteCar(id),
    onMutate: async ({ id, keep }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (ids = []) =>
        keep ? [id, ...ids.filter((each) => each !== id)] : ids.filter((each) => each !== id),
      );
      return { before };
    },
    onError: (error, _variables, context) => {
      queryClient.setQueryData(queryKey, context?.before);
      notifyError(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteQueries.all }),
  });
}
