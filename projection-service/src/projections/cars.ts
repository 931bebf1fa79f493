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

/**
 * cars: one row per car listed. A booked or deleted car leaves the Recommended list because
 * that list asks for `advertised = 1 and booked = 0 and deleted_at is null`; the row keeps its
 * facts so a car's history still knows its seller.
 */
export const carsProjection: Projection = {
  name: 'cars',
  applyAll: insertsFirst({
    created: listing,
    insert: (tables, rows: CarInsert[]) =>
      tables
        .insertInto('cars')
        .values(rows)
        .onConflict((c) => c.column('id').doNothing())
        .execute(),
  }),
  async apply(tables, event) {
    const version = event.position;
    const update = (
      carId: string,
      values: { advertised?: number; booked?: number; deleted_at?: string },
    ) =>
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
      case 'CarDeleted':
        await update(event.data.carId, { deleted_at: event.metadata.occurredAt });
        return;
      default:
        return;
    }
  },
};
