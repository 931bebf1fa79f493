/**
 * What a generated listing looks like: makes and models in roughly the shares a North American
 * used-car market has, model years skewed to the last decade, mileage that grows with age, and
 * prices from each model's price new, depreciated by age and mileage, asked with noise around
 * it. Deterministic: the same seed gives the same marketplace, so runs compare.
 */

type Fuel = 'petrol' | 'diesel' | 'hybrid' | 'electric' | 'lpg' | 'other';

interface Model {
  make: string;
  model: string;
  /** Its share of all listings, in per mille. */
  share: number;
  /** Price new, in dollars. */
  newPrice: number;
  body: string;
  /** The fuels it is sold with and their shares. */
  fuels: [Fuel, number][];
  /** Share of automatic gearboxes. */
  automatic: number;
}

const petrol: [Fuel, number][] = [['petrol', 1]];
const MODELS: Model[] = [
  {
    make: 'Toyota',
    model: 'Camry',
    share: 40,
    newPrice: 28_000,
    body: 'Sedan',
    fuels: [
      ['petrol', 0.8],
      ['hybrid', 0.2],
    ],
    automatic: 1,
  },
  {
    make: 'Toyota',
    model: 'Corolla',
    share: 38,
    newPrice: 22_000,
    body: 'Sedan',
    fuels: [
      ['petrol', 0.85],
      ['hybrid', 0.15],
    ],
    automatic: 0.9,
  },
  {
    make: 'Toyota',
    model: 'RAV4',
    share: 42,
    newPrice: 30_000,
    body: 'SUV',
    fuels: [
      ['petrol', 0.7],
      ['hybrid', 0.3],
    ],
    automatic: 1,
  },
  {
    make: 'Toyota',
    model: 'Tacoma',
    share: 22,
    newPrice: 33_000,
    body: 'Pickup',
    fuels: petrol,
    automatic: 0.8,
  },
  {
    make: 'Toyota',
    model: 'Prius',
    share: 12,
    newPrice: 27_000,
    body: 'Hybrid',
    fuels: [['hybrid', 1]],
    automatic: 1,
  },
  {
    make: 'Honda',
    model: 'Civic',
    share: 38,
    newPrice: 24_000,
    body: 'Sedan',
    fuels: petrol,
    automatic: 0.85,
  },
  {
    make: 'Honda',
    model: 'Accord',
    share: 30,
    newPrice: 28_000,
    body: 'Sedan',
    fuels: [
      ['petrol', 0.8],
      ['hybrid', 0.2],
    ],
    automatic: 1,
  },
  {
    make: 'Honda',
    model: 'CR-V',
    share: 36,
    newPrice: 30_000,
    body: 'SUV',
    fuels: [
      ['petrol', 0.8],
      ['hybrid', 0.2],
    ],
    automatic: 1,
  },
  {
    make: 'Honda',
    model: 'Odyssey',
    share: 10,
    newPrice: 38_000,
    body: 'Minivan',
    fuels: petrol,
    automatic: 1,
  },
  {
    make: 'Ford',
    model: 'F-150',
    share: 60,
    newPrice: 42_000,
    body: 'Pickup',
    fuels: [
      ['petrol', 0.9],
      ['diesel', 0.05],
      ['hybrid', 0.05],
    ],
    automatic: 1,
  },
  {
    make: 'Ford',
    model: 'Explorer',
    share: 22,
    newPrice: 38_000,
    body: 'SUV',
    fuels: petrol,
    automatic: 1,
  },
  {
    make: 'Ford',
    model: 'Escape',
    share: 20,
    newPrice: 28_000,
    body: 'SUV',
    fuels: [
      ['petrol', 0.85],
      ['hybrid', 0.15],
    ],
    automatic: 1,
  },
  {
    make: 'Ford',
    model: 'Mustang',
    share: 12,
    newPrice: 32_000,
    body: 'Coupe',
    fuels: petrol,
    automatic: 0.6,
  },
  {
    make: 'Chevrolet',
    model: 'Silverado',
    share: 50,
    newPrice: 40_000,
    body: 'Pickup',
    fuels: [
      ['petrol', 0.9],
      ['diesel', 0.1],
    ],
    automatic: 1,
  },
  {
    make: 'Chevrolet',
    model: 'Equinox',
    share: 26,
    newPrice: 28_000,
    body: 'SUV',
    fuels: petrol,
    automatic: 1,
  },
  {
    make: 'Chevrolet',
    model: 'Malibu',
    share: 16,
    newPrice: 25_000,
    body: 'Sedan',
    fuels: petrol,
    automatic: 1,
  },
  {
    make: 'Chevrolet',
    model: 'Bolt',
    share: 6,
    newPrice: 30_000,
    body: 'Electric',
    fuels: [['electric', 1]],
    automatic: 1,
  },
  {
    make: 'Nissan',
    model: 'Altima',
    share: 26,
    newPrice: 26_000,
    body: 'Sedan',
    fuels: petrol,
    automatic: 1,
  },
  {
    make: 'Nissan',
    model: 'Rogue',
    share: 28,
    newPrice: 29_000,
    body: 'SUV',
    fuels: petrol,
    automatic: 1,
  },
  {
    make: 'Nissan',
    model: 'Leaf',
    share: 6,
    newPrice: 29_000,
    body: 'Electric',
    fuels: [['electric', 1]],
    automatic: 1,
  },
  {
    make: 'Hyundai',
    model: 'Elantra',
    share: 24,
    newPrice: 21_000,
    body: 'Sedan',
    fuels: [
      ['petrol', 0.9],
      ['hybrid', 0.1],
    ],
    automatic: 0.9,
  },
  {
    make: 'Hyundai',
    model: 'Tucson',
    share: 20,
    newPrice: 28_000,
    body: 'SUV',
    fuels: [
      ['petrol', 0.8],
      ['hybrid', 0.2],
    ],
    automatic: 1,
  },
  {
    make: 'Hyundai',
    model: 'Ioniq 5',
    share: 6,
    newPrice: 42_000,
    body: 'Electric',
    fuels: [['electric', 1]],
    automatic: 1,
  },
  {
    make: 'Kia',
    model: 'Sorento',
    share: 14,
    newPrice: 31_000,
    body: 'SUV',
    fuels: [
      ['petrol', 0.8],
      ['hybrid', 0.2],
    ],
    automatic: 1,
  },
  {
    make: 'Kia',
    model: 'Forte',
    share: 14,
    newPrice: 20_000,
    body: 'Sedan',
    fuels: petrol,
    automatic: 0.9,
  },
  {
    make: 'Kia',
    model: 'Sportage',
    share: 14,
    newPrice: 27_000,
    body: 'SUV',
    fuels: [
      ['petrol', 0.85],
      ['hybrid', 0.15],
    ],
    automatic: 1,
  },
  {
    make: 'Jeep',
    model: 'Wrangler',
    share: 22,
    newPrice: 34_000,
    body: 'SUV',
    fuels: petrol,
    automatic: 0.75,
  },
  {
    make: 'Jeep',
    model: 'Grand Cherokee',
    share: 20,
    newPrice: 40_000,
    body: 'SUV',
    fuels: [
      ['petrol', 0.9],
      ['diesel', 0.1],
    ],
    automatic: 1,
  },
  {
    make: 'Ram',
    model: '1500',
    share: 34,
    newPrice: 41_000,
    body: 'Pickup',
    fuels: [
      ['petrol', 0.85],
      ['diesel', 0.15],
    ],
    automatic: 1,
  },
  {
    make: 'Subaru',
    model: 'Outback',
    share: 18,
    newPrice: 30_000,
    body: 'Wagon',
    fuels: petrol,
    automatic: 1,
  },
  {
    make: 'Subaru',
    model: 'Forester',
    share: 16,
    newPrice: 29_000,
    body: 'SUV',
    fuels: petrol,
    automatic: 1,
  },
  {
    make: 'Mazda',
    model: 'CX-5',
    share: 18,
    newPrice: 29_000,
    body: 'SUV',
    fuels: petrol,
    automatic: 1,
  },
  {
    make: 'Mazda',
    model: 'MX-5 Miata',
    share: 6,
    newPrice: 30_000,
    body: 'Convertible',
    fuels: petrol,
    automatic: 0.4,
  },
  {
    make: 'Volkswagen',
    model: 'Jetta',
    share: 14,
    newPrice: 22_000,
    body: 'Sedan',
    fuels: [
      ['petrol', 0.85],
      ['diesel', 0.15],
    ],
    automatic: 0.8,
  },
  {
    make: 'Volkswagen',
    model: 'Golf',
    share: 10,
    newPrice: 25_000,
    body: 'Hatchback',
    fuels: [
      ['petrol', 0.8],
      ['diesel', 0.2],
    ],
    automatic: 0.6,
  },
  {
    make: 'BMW',
    model: '3 Series',
    share: 20,
    newPrice: 45_000,
    body: 'Sedan',
    fuels: [
      ['petrol', 0.9],
      ['diesel', 0.1],
    ],
    automatic: 0.95,
  },
  {
    make: 'BMW',
    model: 'X5',
    share: 14,
    newPrice: 65_000,
    body: 'SUV',
    fuels: [
      ['petrol', 0.85],
      ['hybrid', 0.15],
    ],
    automatic: 1,
  },
  {
    make: 'Mercedes-Benz',
    model: 'C-Class',
    share: 18,
    newPrice: 46_000,
    body: 'Sedan',
    fuels: petrol,
    automatic: 1,
  },
  {
    make: 'Mercedes-Benz',
    model: 'GLE',
    share: 12,
    newPrice: 62_000,
    body: 'SUV',
    fuels: [
      ['petrol', 0.8],
      ['diesel', 0.1],
      ['hybrid', 0.1],
    ],
    automatic: 1,
  },
  {
    make: 'Tesla',
    model: 'Model 3',
    share: 20,
    newPrice: 42_000,
    body: 'Electric',
    fuels: [['electric', 1]],
    automatic: 1,
  },
  {
    make: 'Tesla',
    model: 'Model Y',
    share: 16,
    newPrice: 48_000,
    body: 'Electric',
    fuels: [['electric', 1]],
    automatic: 1,
  },
  {
    make: 'Lexus',
    model: 'RX',
    share: 12,
    newPrice: 50_000,
    body: 'SUV',
    fuels: [
      ['petrol', 0.6],
      ['hybrid', 0.4],
    ],
    automatic: 1,
  },
  {
    make: 'Audi',
    model: 'A4',
    share: 12,
    newPrice: 42_000,
    body: 'Sedan',
    fuels: petrol,
    automatic: 0.9,
  },
  {
    make: 'Porsche',
    model: '911',
    share: 4,
    newPrice: 110_000,
    body: 'Sports',
    fuels: petrol,
    automatic: 0.7,
  },
  {
    make: 'Chevrolet',
    model: 'Corvette',
    share: 4,
    newPrice: 70_000,
    body: 'Sports',
    fuels: petrol,
    automatic: 0.8,
  },
  {
    make: 'Dodge',
    model: 'Grand Caravan',
    share: 10,
    newPrice: 30_000,
    body: 'Minivan',
    fuels: [
      ['petrol', 0.9],
      ['lpg', 0.1],
    ],
    automatic: 1,
  },
  {
    make: 'Ford',
    model: 'Bronco (classic)',
    share: 2,
    newPrice: 45_000,
    body: 'Classic',
    fuels: [
      ['petrol', 0.9],
      ['other', 0.1],
    ],
    automatic: 0.3,
  },
];

/** Real towns (each located by the gazetteer), weighted roughly by how many cars they list. */
const LOCATIONS: [string, number][] = [
  ['Houston, TX', 8],
  ['Dallas, TX', 7],
  ['Fort Worth, TX', 3],
  ['Plano, TX', 2],
  ['Austin, TX', 5],
  ['Round Rock, TX', 1],
  ['San Antonio, TX', 5],
  ['Phoenix, AZ', 6],
  ['Mesa, AZ', 2],
  ['Tucson, AZ', 2],
  ['Los Angeles, CA', 9],
  ['Long Beach, CA', 2],
  ['Irvine, CA', 2],
  ['San Diego, CA', 5],
  ['San Jose, CA', 3],
  ['Oakland, CA', 2],
  ['Sacramento, CA', 3],
  ['Denver, CO', 5],
  ['Aurora, CO', 2],
  ['Lakewood, CO', 1],
  ['Boulder, CO', 1],
  ['Longmont, CO', 1],
  ['Fort Collins, CO', 1],
  ['Colorado Springs, CO', 2],
  ['Chicago, IL', 7],
  ['Naperville, IL', 1],
  ['Columbus, OH', 4],
  ['Cleveland, OH', 2],
  ['Atlanta, GA', 6],
  ['Miami, FL', 6],
  ['Orlando, FL', 4],
  ['Tampa, FL', 3],
  ['Charlotte, NC', 4],
  ['Raleigh, NC', 2],
  ['Nashville, TN', 4],
  ['Seattle, WA', 5],
  ['Tacoma, WA', 1],
  ['Portland, OR', 4],
  ['Salt Lake City, UT', 2],
  ['Minneapolis, MN', 3],
  ['Kansas City, MO', 2],
  ['St. Louis, MO', 2],
  ['Detroit, MI', 3],
  ['Boston, MA', 4],
  ['New York, NY', 6],
  ['Newark, NJ', 2],
  ['Philadelphia, PA', 5],
  ['Pittsburgh, PA', 2],
];

const REMARKS = [
  'One owner, full service history.',
  'Clean title, no accidents.',
  'New tires and brakes.',
  'Garage kept, non-smoker.',
  'Recent oil change, ready to go.',
  'Minor scratches on the rear bumper.',
  'Backup camera and heated seats.',
  'Timing belt replaced last year.',
];

/** A small, fast, seeded generator (mulberry32): the same seed, the same marketplace. */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  return (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const pick = <T>(random: () => number, weighted: readonly (readonly [T, number])[]): T => {
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random() * total;
  for (const [value, weight] of weighted) {
    left -= weight;
    if (left < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
};

const models: [Model, number][] = MODELS.map((m) => [m, m.share]);

/** The body types the generated categories are named after. */
export const BODY_TYPES = [...new Set(MODELS.map((m) => m.body))];

export interface GeneratedListing {
  name: string;
  body: string;
  make: string;
  model: string;
  year: number;
  mileage: number;
  fuel: Fuel;
  transmission: 'manual' | 'automatic';
  originalPrice: number;
  price: number;
  /** What the car is worth by its age and mileage alone, before the seller's asking noise. */
  fairPrice: number;
  location: string;
  yearsOfUse: number;
  description: string;
}

/** One listing, as of `thisYear`. */
export const generateListing = (random: () => number, thisYear: number): GeneratedListing => {
  const model = pick(random, models);
  // Ages 0 to 20, most between 2 and 9 (a triangular shape); the classic ones are older.
  const age =
    model.body === 'Classic'
      ? 30 + Math.floor(random() * 25)
      : Math.min(20, Math.floor((random() + random() + random()) * 6));
  const year = thisYear - age;
  const mileage = Math.max(
    0,
    Math.round((age * 12_000 + (random() - 0.5) * 8_000 * Math.max(1, age)) / 100) * 100,
  );
  const depreciation = 0.85 ** age * Math.max(0.4, 1 - mileage / 400_000);
  const fairPrice = Math.max(1_500, model.newPrice * depreciation);
  // Sellers ask around the fair price: up to 25 % either way, most within 10 %.
  const asked = fairPrice * (1 + (random() + random() + random() - 1.5) / 6);
  const price = Math.max(1_500, Math.round(asked / 50) * 50);
  const fuel = pick(random, model.fuels);
  const transmission = random() < model.automatic ? 'automatic' : 'manual';
  const remarks = [
    pick(
      random,
      REMARKS.map((r) => [r, 1] as const),
    ),
  ];
  if (random() < 0.5)
    remarks.push(
      pick(
        random,
        REMARKS.map((r) => [r, 1] as const),
      ),
    );
  return {
    name: `${year} ${model.make} ${model.model}`,
    body: model.body,
    make: model.make,
    model: model.model,
    year,
    mileage,
    fuel,
    transmission,
    originalPrice: Math.round((price * (1.05 + random() * 0.15)) / 50) * 50,
    price,
    fairPrice,
    location: pick(random, LOCATIONS),
    yearsOfUse: age,
    description: [...new Set(remarks)].join(' '),
  };
};
