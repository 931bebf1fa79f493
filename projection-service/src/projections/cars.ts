import type { CarUpdate } from '@second-gear/read-model';
import { insertsFirst, type ProjectedEvent, type Projection } from '../projection.ts';

const listing = (event: ProjectedEvent) => {
  if (event.type !== 'CarListed') return undefined;
  const car = event.data;
  return {
    key: car.carId,
    row: {
      id: car.carId,
      name: car.name,
      seller_id: car.sellerId,
      seller_name: car.sellerName,
      seller_email: car.sellerEmail,
      category_id: car.categoryId,
      category_name: car.categoryName,
      image: car.image,
      original_price: car.originalPrice,
      price: car.price,
      location: car.location,
      years_of_use: car.yearsOfUse,
      make: car.make,
      model: car.model,
      year: car.year,
      mileage: car.mileage,
      fuel: car.fuel,
      transmission: car.transmission,
      description: car.description,
      listed_at: event.metadata.occurredAt,
      listed_position: event.position,
      version: event.position,
    },
  };
};

type CarInsert = NonNullable<ReturnType<typeof listing>>['row'];

type CarChange = Omit<CarUpdate, 'id' | 'version'>;

/** The columns an edit changes, named as the read table names them. */
const editedColumns = (
  data: Extract<ProjectedEvent, { type: 'CarDetailsChanged' }>['data'],
): CarChange => {
  const columns: CarChange = {
    name: data.name,
    original_price: data.originalPrice,
    location: data.location,
    years_of_use: data.yearsOfUse,
    make: data.make,
    model: data.model,
    year: data.year,
    mileage: data.mileage,
    fuel: data.fuel,
    transmission: data.transmission,
    description: data.description,
  };
  return Object.fromEntries(
    Object.entries(columns).filter(([, value]) => value !== undefined),
  ) as CarChange;
};

/** A point of a car's price history. */
const pricePoint = (carId: string, price: number, event: ProjectedEvent) => ({
  car_id: carId,
  position: event.position,
  price,
  changed_at: event.metadata.occurredAt,
});

/**
 * cars: one row per car listed, as edited since; car_prices: its price at listing and at each
 * change. A booked, sold or deleted car leaves the Recommended list because that list asks for
 * `advertised = 1 and booked = 0 and sold_at is null and deleted_at is null`; the row keeps its
 * facts so a car's history still knows its seller. `booked` is 1 while a booking is open
 * (requested or accepted).
 */
export const carsProjection: Projection = {
  name: 'cars',
  applyAll: insertsFirst({
    created: listing,
    insert: async (tables, rows: CarInsert[]) => {
      await tables
        .insertInto('cars')
        .values(rows)
        .onConflict((c) => c.column('id').doNothing())
        .execute();
      await tables
        .insertInto('car_prices')
        .values(
          rows.map((row) => ({
            car_id: row.id,
            position: row.listed_position,
            price: row.price,
            changed_at: row.listed_at,
          })),
        )
        .onConflict((c) => c.columns(['car_id', 'position']).doNothing())
        .execute();
    },
  }),
  async apply(tables, event) {
    const version = event.position;
    const update = (carId: string, values: CarChange) =>
      tables
        .updateTable('cars')
        .set({ ...values, version })
        .where('id', '=', carId)
        .where('version', '<', version)
        .execute();

    switch (event.type) {
      case 'CarListed':
        await this.applyAll!(tables, [event]);
        return;
      case 'CarAdvertised':
        await update(event.data.carId, { advertised: 1 });
        return;
      case 'CarBooked':
        await update(event.data.carId, { booked: 1 });
        return;
      case 'BookingDeclined':
      case 'BookingCancelled':
      case 'BookingEnded':
        await update(event.data.carId, { booked: 0 });
        return;
      case 'CarDetailsChanged':
        await update(event.data.carId, editedColumns(event.data));
        return;
      case 'CarPriceChanged': {
        const { carId, oldPrice, price } = event.data;
        await update(carId, {
          price,
          previous_price: oldPrice,
          price_changed_at: event.metadata.occurredAt,
        });
        await tables
          .insertInto('car_prices')
          .values(pricePoint(carId, price, event))
          .onConflict((c) => c.columns(['car_id', 'position']).doNothing())
          .execute();
        return;
      }
      case 'CarPhotosChanged': {
        const { carId, images } = event.data;
        await update(carId, { images: JSON.stringify(images), image: images[0] ?? '' });
        return;
      }
      case 'CarSold':
        await update(event.data.carId, { sold_at: event.metadata.occurredAt });
        return;
      case 'CarDeleted':
        await update(event.data.carId, { deleted_at: event.metadata.occurredAt });
        return;
      default:
        return;
    }
  },
};
