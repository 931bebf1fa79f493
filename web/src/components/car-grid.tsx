import { Card, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/features/contract';
import { CarCard } from './car-card.tsx';
import { useCarColumns } from './use-media.ts';

/** The columns of a grid of car cards: 4 on large screens, 3 on medium, 2 on small, 1 on phones. */
export const carColumns = { base: 1, sm: 2, md: 3, lg: 4 } as const;

/**
 * How wide a card's picture is, column by column of `carColumns`: the page's width (the layout's
 * container, at most 80rem, less its padding: 1rem a side, 1.5rem from `md`, 2rem from `lg`)
 * less the gaps (1.5rem), shared by the columns. The search's filters beside the grid from `lg`
 * make its cards narrower still; this is the widest a card gets.
 */
export const carCardSizes = [
  '(min-width: 80em) 18rem',
  '(min-width: 64em) calc((100vw - 8.5rem) / 4)',
  '(min-width: 48em) calc((100vw - 6rem) / 3)',
  '(min-width: 30em) calc((100vw - 3.5rem) / 2)',
  // A phone's card is a row, its picture two fifths of it.
  'calc((100vw - 2rem) * 0.4)',
].join(', ');

/**
 * Car cards. The grid at the top of a page (`first`) has its first row's pictures fetched first
 * and at once; every other picture waits until it nears the screen. `sellerRating` false leaves
 * the seller's rating off the cards (one seller's own cars).
 */
export function CarGrid({
  cars,
  first = false,
  sellerRating = true,
}: {
  cars: CarRecord[];
  first?: boolean;
  sellerRating?: boolean;
}) {
  const row = useCarColumns();
  return (
    <SimpleGrid columns={carColumns} gap="6">
      {cars.map((car, index) => (
        <CarCard
          key={car._id}
          car={car}
          priority={first && index < row}
          sizes={carCardSizes}
          sellerRating={sellerRating}
        />
      ))}
    </SimpleGrid>
  );
}

/**
 * Cards the size of a car card, while the cars are on their way: the grid and what follows keep
 * their place when the cars arrive. A card's lines: the name, the prices, the place and years,
 * the facts, then See Details.
 */
export function CarGridSkeleton({ count }: { count: number }) {
  return (
    <SimpleGrid columns={carColumns} gap="6" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <Card.Root key={index} overflow="hidden" variant="outline" h="full">
          <Skeleton aspectRatio={4 / 3} borderRadius="0" />
          <Card.Body gap="1">
            <Stack gap="1">
              <Skeleton h="7" w="70%" />
              <Skeleton h="6" w="45%" />
              <Skeleton h="5" w="60%" />
              <Skeleton h="5" w="50%" />
            </Stack>
          </Card.Body>
          <Card.Footer>
            <Skeleton h={{ base: '11', md: '9' }} w="full" />
          </Card.Footer>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
