import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../components/page-title.ts';
import { CarSearchPage } from '../search/car-search-page.tsx';

export default function AllCarsPage() {
  usePageTitle('All Cars');
  return (
    <CarSearchPage
      heading={
        <Heading as="h1" size="3xl">
          All Cars
        </Heading>
      }
      emptyText="No cars are listed yet."
    />
  );
}
