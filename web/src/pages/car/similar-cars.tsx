// "Similar cars" under a car's page, also when it is booked, sold or gone: cars for sale of the
// same make and model, then, to fill the row, cars within a fifth of its price. A page whose car
// is gone shows the newest cars instead.
import { Heading, Stack } from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/features/contract';
import { useQuery } from '@tanstack/react-query';
import type { CarListRequest } from '../../api/endpoints.ts';
import { carSearchQuery } from '../../api/queries.ts';
import { CarGrid } from '../../components/car-grid.tsx';

/** How many cars the row shows. */
const SHOWN = 4;
/** How far from the car's price the second search looks, as a share of it. */
const PRICE_BAND = 0.2;

type Likeness = Pick<CarRecord, '_id' | 'make' | 'model' | 'price'>;

const searchOf = (filters: CarListRequest['filters']): CarListRequest => ({
  filters,
  limit: SHOWN + 1,
});

export function SimilarCars({ car }: { car: Likeness | undefined }) {
  const sameModel =
    car?.make !== undefined && car.model !== undefined
      ? searchOf({ make: car.make, model: car.model })
      : undefined;
  const first = useQuery({
    ...carSearchQuery(sameModel ?? searchOf({})),
    enabled: car === undefined || sameModel !== undefined,
    meta: { quiet: true },
  });
  const others = (first.data?.items ?? []).filter((other) => other._id !== car?._id);
  const needMore = car !== undefined && (sameModel === undefined || first.isSuccess);
  const band = car
    ? searchOf({
        minPrice: Math.floor(car.price * (1 - PRICE_BAND)),
        maxPrice: Math.ceil(car.price * (1 + PRICE_BAND)),
      })
    : searchOf({});
  const second = useQuery({
    ...carSearchQuery(band),
    enabled: needMore && others.length < SHOWN,
    meta: { quiet: true },
  });
  const seen = new Set([car?._id, ...others.map((other) => other._id)]);
  const cars = [...others, ...(second.data?.items ?? []).filter((other) => !seen.has(other._id))];
  if (cars.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="similar-cars" gap="4">
      <Heading id="similar-cars" as="h2" size="xl">
        {car ? 'Similar cars' : 'Cars for sale'}
      </Heading>
      <CarGrid cars={cars.slice(0, SHOWN)} />
    </Stack>
  );
}
