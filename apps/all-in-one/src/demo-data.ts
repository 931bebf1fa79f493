import type { CarPicture } from './car-pictures.ts';

/** The accounts a newcomer signs in with; the README lists them. Local demo only. */
export const demoAccounts = {
  admin: { name: 'Amira Admin', email: 'admin@secondgear.test', password: 'admin-demo-1' },
  seller: { name: 'Sam Seller', email: 'seller@secondgear.test', password: 'seller-demo-1' },
  buyer: { name: 'Bea Buyer', email: 'buyer@secondgear.test', password: 'buyer-demo-1' },
} as const;

export const demoCategories = ['Sedan', 'SUV', 'Hatchback', 'Pickup'] as const;

export interface DemoCar {
  name: string;
  category: (typeof demoCategories)[number];
  original_price: number;
  price: number;
  location: string;
  use: number;
  picture: CarPicture;
  /** What a buyer searches and filters by. */
  details: {
    make: string;
    model: string;
    year: number;
    mileage: number;
    fuel: 'petrol' | 'diesel' | 'hybrid' | 'electric';
    transmission: 'manual' | 'automatic';
    description: string;
  };
}

const sky = ['#9cc9ee', '#f0c27b', '#b9d7c3', '#d6c4ec'] as const;
const pick = (i: number) => sky[i % sky.length] ?? '#9cc9ee';

const car = (
  i: number,
  name: string,
  category: DemoCar['category'],
  original_price: number,
  price: number,
  location: string,
  use: number,
  body: string,
  details: Omit<DemoCar['details'], 'year' | 'make' | 'model'> & { model?: string },
): DemoCar => {
  // The name reads "<make> <model> <year>".
  const words = name.split(' ');
  const year = Number(words.at(-1));
  const make = words[0] ?? name;
  const shapes = { Sedan: 'sedan', SUV: 'suv', Hatchback: 'hatchback', Pickup: 'pickup' } as const;
  return {
    name,
    category,
    original_price,
    price,
    location,
    use,
    picture: { body, sky: pick(i), shape: shapes[category] },
    details: {
      make,
      model: details.model ?? words.slice(1, -1).join(' '),
      year,
      mileage: details.mileage,
      fuel: details.fuel,
      transmission: details.transmission,
      description: details.description,
    },
  };
};

/** A dozen cars. The first is advertised and the second booked by the demo buyer when seeding. */
export const demoCars: DemoCar[] = [
  car(0, 'Toyota Corolla 2017', 'Sedan', 21_000, 12_500, 'Austin, TX', 7, '#2f6fb3', {
    mileage: 84_000,
    fuel: 'petrol',
    transmission: 'automatic',
    description: 'One owner, full service history. New tires last spring.',
  }),
  car(1, 'Honda CR-V 2018', 'SUV', 29_000, 18_900, 'Denver, CO', 6, '#3d7a4f', {
    mileage: 71_500,
    fuel: 'petrol',
    transmission: 'automatic',
    description: 'All-wheel drive, heated seats, roof rack.',
  }),
  car(2, 'Volkswagen Golf 2016', 'Hatchback', 23_500, 10_800, 'Portland, OR', 8, '#c8c8cc', {
    mileage: 96_000,
    fuel: 'diesel',
    transmission: 'manual',
    description: 'Timing belt replaced at 90,000 km. Non-smoker.',
  }),
  car(3, 'Ford F-150 2015', 'Pickup', 38_000, 19_750, 'Tulsa, OK', 9, '#b33a2f', {
    mileage: 142_000,
    fuel: 'petrol',
    transmission: 'automatic',
    description: 'Tow package and bed liner. Some scratches on the tailgate.',
  }),
  car(4, 'Honda Civic 2019', 'Sedan', 24_000, 16_200, 'San Diego, CA', 5, '#1f1f24', {
    mileage: 48_000,
    fuel: 'petrol',
    transmission: 'manual',
    description: 'Garage kept, clean title.',
  }),
  car(5, 'Subaru Forester 2017', 'SUV', 27_500, 15_400, 'Boulder, CO', 7, '#6d8fa8', {
    mileage: 88_300,
    fuel: 'petrol',
    transmission: 'automatic',
    description: 'Winter tires included.',
  }),
  car(6, 'Mazda 3 Hatchback 2020', 'Hatchback', 25_000, 17_900, 'Raleigh, NC', 4, '#a3242b', {
    model: '3',
    mileage: 36_200,
    fuel: 'petrol',
    transmission: 'automatic',
    description: 'Backup camera, Apple CarPlay.',
  }),
  car(7, 'Toyota Tacoma 2016', 'Pickup', 33_000, 21_300, 'Phoenix, AZ', 8, '#d9d4c5', {
    mileage: 118_000,
    fuel: 'petrol',
    transmission: 'manual',
    description: 'Four-wheel drive, recent brakes.',
  }),
  car(8, 'Hyundai Elantra 2018', 'Sedan', 19_500, 10_900, 'Columbus, OH', 6, '#8a8f98', {
    mileage: 67_900,
    fuel: 'petrol',
    transmission: 'automatic',
    description: 'Economical commuter, recent oil change.',
  }),
  car(9, 'Kia Sportage 2019', 'SUV', 26_000, 17_400, 'Nashville, TN', 5, '#e2a33b', {
    mileage: 52_400,
    fuel: 'hybrid',
    transmission: 'automatic',
    description: 'Remaining factory warranty.',
  }),
  car(10, 'Ford Fiesta 2015', 'Hatchback', 16_000, 6_200, 'Madison, WI', 9, '#2e9bb0', {
    mileage: 131_000,
    fuel: 'petrol',
    transmission: 'manual',
    description: 'First car for a student; runs well.',
  }),
  car(11, 'Chevrolet Silverado 2017', 'Pickup', 41_000, 24_800, 'Aurora, CO', 7, '#44474d', {
    mileage: 103_500,
    fuel: 'diesel',
    transmission: 'automatic',
    description: 'Crew cab, long bed.',
  }),
];
