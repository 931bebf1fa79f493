import { Heading } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { usePageTitle } from '../components/page-title.ts';
import { CarSearchPage } from '../search/car-search-page.tsx';

export default function CategoryCarsPage() {
  const name = useParams().name ?? '';
  usePageTitle(name);
  return (
    <CarSearchPage
      key={name}
      category={name}
      heading={
        <Heading as="h1" size="3xl" textTransform="uppercase">
          {name}
        </Heading>
      }
      emptyText="There are no cars in this category yet."
    />
  );
}
