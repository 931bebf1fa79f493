import { Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { SavedSearchRecord } from '@second-gear/features/contract';
import { Link as RouterLink } from 'react-router-dom';
import { deleteSavedSearch, getSavedSearches } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { formatDate } from '../../components/dates.ts';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { useConfirmedDelete } from '../../components/use-confirmed-delete.ts';
import { usePagedQuery } from '../../components/use-paged-query.ts';
import { describeQuery, savedSearchHref } from '../../search/saved-search.ts';

export default function SavedSearchesPage() {
  usePageTitle('Saved searches');
  const email = useAuth().user?.email ?? '';
  const { data, isPending, page, setPage, offset } = usePagedQuery(
    ['saved-searches', email],
    (page) => getSavedSearches(page),
    { enabled: email !== '' },
  );
  const removal = useConfirmedDelete<SavedSearchRecord>({
    run: deleteSavedSearch,
    success: 'Saved search deleted',
    invalidate: [['saved-searches']],
  });

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="3xl">
          Saved searches
        </Heading>
        <Text color="fg.muted">
          You hear when a new car matches one of them. Save a search from{' '}
          <Link asChild variant="underline">
            <RouterLink to="/products">All Cars</RouterLink>
          </Link>{' '}
          once you have chosen its filters.
        </Text>
      </Stack>
      <DataTable
        caption="Your saved searches, newest first"
        rows={data?.items}
        rowKey={(search) => search._id}
        loading={isPending}
        empty="You have not saved a search yet."
        columns={[
          { header: '#', card: 'number', cell: (_, index) => offset + index + 1 },
          {
            header: 'Name',
            card: 'title',
            wraps: true,
            cell: (search) => search.name,
            cellProps: { fontWeight: 'semibold' },
          },
          {
            header: 'Filters',
            wraps: true,
            cell: (search) => describeQuery(search.query),
            cellProps: { minW: '12rem' },
          },
          { header: 'Saved', cell: (search) => formatDate(search.created_at) },
          {
            header: 'Action',
            card: 'actions',
            cell: (search) => (
              <HStack gap="2">
                <Button asChild size="xs" colorPalette="teal">
                  <RouterLink
                    to={savedSearchHref(search.query)}
                    aria-label={`Open the search ${search.name}`}
                  >
                    Open
                  </RouterLink>
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Delete the search ${search.name}`}
                  onClick={() => removal.ask(search)}
                >
                  Delete
                </Button>
              </HStack>
            ),
          },
        ]}
      />
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
      <ConfirmDialog
        {...removal.dialog}
        title="Delete this saved search?"
        description={`You will no longer hear of new cars matching “${removal.selected?.name ?? ''}”.`}
        confirmLabel="Delete"
      />
    </Stack>
  );
}
