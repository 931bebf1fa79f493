// How a car's fuel and gearbox are named to people: on the web's cards, filters and car page,
// and in the head of a shared car page. Plain values, no schema library: the web's first
// download imports this file alone (`@second-gear/features/contract/car-labels`).
import type { Fuel, Transmission } from '../cars/contract.ts';

/** Every fuel the contract knows, with its name on screen. */
export const fuelLabels = {
  petrol: 'Petrol',
  diesel: 'Diesel',
  hybrid: 'Hybrid',
  electric: 'Electric',
  lpg: 'LPG',
  other: 'Other fuel',
} as const satisfies Record<Fuel, string>;

/** Every gearbox the contract knows, with its name on screen. */
export const transmissionLabels = {
  manual: 'Manual',
  automatic: 'Automatic',
} as const satisfies Record<Transmission, string>;
