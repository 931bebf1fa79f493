import { Heading, Stack, Text } from '@chakra-ui/react';
import { getCars } from '../api/endpoints.ts';
import { CarGrid } from '../components/car-grid.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { usePageTitle } from '../components/page-title.ts';
import { Pager } from '../components/pager.tsx';
import { usePagedQuery } from '../components/use-paged-query.ts';

export default function AllCarsPage() {
  usePageTitle('All Cars');
  const { data, isFetching, isError, page, setPage } = usePagedQuery(['cars', 'all'], getCars);
  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        All Cars
      </Heading>
      {isFetching ? <PageLoader label="Loading cars" /> : null}
      {data && data.items.length > 0 ? <CarGrid cars={data.items} /> : null}
      {data && data.items.length === 0 ? (
        <Text color="fg.muted">No cars are listed yet.</Text>
      ) : null}
      {isError && !data ? <Text color="fg.error">The cars could not be loaded.</Text> : null}
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
    </Stack>
  );
}
