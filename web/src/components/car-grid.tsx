import { SimpleGrid } from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/contracts';
import { CarCard } from './car-card.tsx';

/** Car cards: 4 columns on large screens, 3 on medium. */
export function CarGrid({ cars }: { cars: CarRecord[] }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, md: 3, lg: 4 }} gap="6">
      {cars.map((car) => (
        <CarCard key={car._id} car={car} />
      ))}
    </SimpleGrid>
  );
}
