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
): DemoCar => {
  const shapes = { Sedan: 'sedan', SUV: 'suv', Hatchback: 'hatchback', Pickup: 'pickup' } as const;
  return {
    name,
    category,
    original_price,
    price,
    location,
    use,
    picture: { body, sky: pick(i), shape: shapes[category] },
  };
};

/** A dozen cars. The first is advertised and the second booked by the demo buyer when seeding. */
export const demoCars: DemoCar[] = [
  car(0, 'Toyota Corolla 2017', 'Sedan', 21_000, 12_500, 'Austin, TX', 7, '#2f6fb3'),
  car(1, 'Honda CR-V 2018', 'SUV', 29_000, 18_900, 'Denver, CO', 6, '#3d7a4f'),
  car(2, 'Volkswagen Golf 2016', 'Hatchback', 23_500, 10_800, 'Portland, OR', 8, '#c8c8cc'),
  car(3, 'Ford F-150 2015', 'Pickup', 38_000, 19_750, 'Tulsa, OK', 9, '#b33a2f'),
  car(4, 'Honda Civic 2019', 'Sedan', 24_000, 16_200, 'San Diego, CA', 5, '#1f1f24'),
  car(5, 'Subaru Forester 2017', 'SUV', 27_500, 15_400, 'Boise, ID', 7, '#6d8fa8'),
  car(6, 'Mazda 3 Hatchback 2020', 'Hatchback', 25_000, 17_900, 'Raleigh, NC', 4, '#a3242b'),
  car(7, 'Toyota Tacoma 2016', 'Pickup', 33_000, 21_300, 'Phoenix, AZ', 8, '#d9d4c5'),
  car(8, 'Hyundai Elantra 2018', 'Sedan', 19_500, 10_900, 'Columbus, OH', 6, '#8a8f98'),
  car(9, 'Kia Sportage 2019', 'SUV', 26_000, 17_400, 'Nashville, TN', 5, '#e2a33b'),
  car(10, 'Ford Fiesta 2015', 'Hatchback', 16_000, 6_200, 'Madison, WI', 9, '#2e9bb0'),
  car(11, 'Chevrolet Silverado 2017', 'Pickup', 41_000, 24_800, 'Omaha, NE', 7, '#44474d'),
];
