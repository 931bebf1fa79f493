import type { CarDetailsAnswer } from '@second-gear/contracts';
import type { EventDataOf } from '@second-gear/domain';

type StoredDetails = Pick<
  EventDataOf<'CarListed'>,
  'make' | 'model' | 'year' | 'mileage' | 'fuel' | 'transmission' | 'description'
>;

/** A car's details as answers carry them: the ones it has, none as null. */
export const presentDetails = (
  car: {
    [K in keyof StoredDetails]: StoredDetails[K] | string | null;
  },
): CarDetailsAnswer => {
  const answer: CarDetailsAnswer = {};
  if (car.make !== null) answer.make = car.make;
  if (car.model !== null) answer.model = car.model;
  if (car.year !== null) answer.year = Number(car.year);
  if (car.mileage !== null) answer.mileage = Number(car.mileage);
  if (car.fuel !== null) answer.fuel = car.fuel as CarDetailsAnswer['fuel'];
  if (car.transmission !== null) {
    answer.transmission = car.transmission as CarDetailsAnswer['transmission'];
  }
  if (car.description !== null) answer.description = car.description;
  return answer;
};
