import { Heading, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { getCategoryCars } from '../api/endpoints.ts';
import { CarGrid } from '../components/car-grid.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { usePageTitle } from '../components/page-title.ts';
import { Pager } from '../components/pager.tsx';
import { usePagedQuery } from '../components/use-paged-query.ts';

export default function CategoryCarsPage() {
  const name = useParams().name ?? '';
  usePageTitle(name);
  const { data, isPending, page, setPage } = usePagedQuery(['cars', 'category', name], (page) =>
    getCategoryCars(name, page),
  );
  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl" textTransform="uppercase">
        {name}
      </Heading>
      {isPending ? <PageLoader label="Loading cars" /> : null}
      {data && data.items.length > 0 ? <CarGrid cars={data.items} /> : null}
      {data && data.items.length === 0 ? (
        <Text color="fg.muted">There are no cars in this category yet.</Text>
      ) : null}
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
    </Stack>
  );
}
