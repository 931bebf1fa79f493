// A car's facts as a grid of short labelled values under its price: the ones a buyer compares
// first (year, mileage, fuel, gearbox, place, years of use), then make, model and category. A
// fact the seller did not give is left out rather than shown empty.
import { Box, Text } from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/features/contract';
import {
  formatMileage,
  formatYearsOfUse,
  fuelLabels,
  transmissionLabels,
} from '../../components/car-facts.ts';

/** The labelled facts of a car, in the order the grid shows them. */
export const specsOf = (car: CarRecord): [label: string, value: string][] => {
  const specs: [string, string | undefined][] = [
    ['Year', car.year === undefined ? undefined : String(car.year)],
    ['Mileage', car.mileage === undefined ? undefined : formatMileage(car.mileage)],
    ['Fuel', car.fuel === undefined ? undefined : fuelLabels[car.fuel]],
    ['Gearbox', car.transmission === undefined ? undefined : transmissionLabels[car.transmission]],
    ['Location', car.location],
    ['Years of Use', formatYearsOfUse(car.use)],
    ['Make', car.make],
    ['Model', car.model],
    ['Category', car.category],
  ];
  return specs.filter((spec): spec is [string, string] => spec[1] !== undefined);
};

export function CarSpecs({ car }: { car: CarRecord }) {
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }}
      gap="3"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
    >
      {specsOf(car).map(([label, value]) => (
        <Box key={label} minW="0">
          <Text as="dt" fontSize="sm" color="fg.muted">
            {label}
          </Text>
          <Text as="dd" fontWeight="semibold" overflowWrap="anywhere">
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
