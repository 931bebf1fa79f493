import { Heading, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getCars } from '../api/endpoints.ts';
import { CarGrid } from '../components/car-grid.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { usePageTitle } from '../components/page-title.ts';
import { Pager } from '../components/pager.tsx';

export default function AllCarsPage() {
  usePageTitle('All Cars');
  const [page, setPage] = useState(1);
  const { data, isFetching, isError } = useQuery({
    queryKey: ['cars', 'all', page],
    queryFn: () => getCars(page),
    placeholderData: keepPreviousData,
  });
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
