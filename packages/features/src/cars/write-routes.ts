import { randomUUID } from 'node:crypto';
import type { EventStore } from '@second-gear/event-store';
import type { ServiceApp } from '@second-gear/service-http';
import {
  evolveCategory,
  evolveCategoryNameReservation,
  initialCategoryNameReservationState,
  initialCategoryState,
} from '../categories/index.ts';
import { actorOf, CommandHeaders, type RunCommand } from '../platform/commands/command-route.ts';
import { idCommandRoute } from '../platform/commands/id-command-route.ts';
import { answerSchemas, authenticated, writeRoute } from '../platform/commands/route-options.ts';
import { StreamReader } from '../platform/commands/stream-reader.ts';
import { parseDomainEvent, streams } from '../registry/events.ts';
import { carWriteCalls } from './contract.ts';

export type CarWriteRoutesOptions = {
  run: RunCommand;
  store: EventStore;
  /** Refuses pictures this marketplace did not issue. */
  checkPictures: PictureCheck;
};

/**
 * The API's `category` field names a car's category by name; a client may also send its id.
 * A name is resolved by the decision through the name's reservation stream. When no category
 * holds that name but a live category has it as id, its current name is used instead.
 */
async function categoryNameFor(store: EventStore, nameOrId: string): Promise<string> {
  const reader = new StreamReader(store, parseDomainEvent);
  const reservation = (await reader.read(streams.categoryName(nameOrId))).reduce(
    evolveCategoryNameReservation,
    initialCategoryNameReservationState(),
  );
  if (reservation.status === 'claimed') return nameOrId;
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(nameOrId)) return nameOrId;
  const category = (await reader.read(streams.category(nameOrId))).reduce(
    evolveCategory,
    initialCategoryState(),
  );
  return category.status === 'active' ? category.name : nameOrId;
}

/** `POST /api/product`: a seller lists a car, in a category named by name or id. */
function listCarRoute(app: ServiceApp, { run, store, checkPictures }: CarWriteRoutesOptions) {
  const list = carWriteCalls.listCar;
  app.route({
    ...writeRoute(carWriteCalls, 'listCar'),
    onRequest: authenticated(app),
    schema: {
      ...writeRoute(carWriteCalls, 'listCar').schema,
      headers: CommandHeaders,
      body: list.body,
      response: answerSchemas(list.answer, [201]),
    },
    handler: async (request, reply) => {
      const carId = randomUUID();
      const body = request.body;
      await checkPictures(picturesOf(body));
      return run(request, reply, {
        command: {
          type: 'ListCar',
          actor: actorOf(request),
          data: {
            carId,
            name: body.name,
            categoryName: await categoryNameFor(store, body.category),
            image: body.image,
            originalPrice: body.original_price,
            price: body.price,
            location: body.location,
            yearsOfUse: body.use,
            make: body.make,
            model: body.model,
            year: body.year,
            mileage: body.mileage,
            fuel: body.fuel,
            transmission: body.transmission,
            description: body.description,
            ...(body.images === undefined ? {} : { images: body.images }),
          },
        },
        answer: () => ({ status: 201, body: { acknowledged: true as const, insertedId: carId } }),
      });
    },
  });
}

/** A seller edits a car; an edit that changes nothing says so. */
function editCarRoute(app: ServiceApp, { run, checkPictures }: CarWriteRoutesOptions) {
  const edit = carWriteCalls.editCar;
  app.route({
    ...writeRoute(carWriteCalls, 'editCar'),
    onRequest: authenticated(app),
    schema: {
      ...writeRoute(carWriteCalls, 'editCar').schema,
      headers: CommandHeaders,
      params: edit.params,
      body: edit.body,
      response: answerSchemas(edit.answer, [200]),
    },
    handler: async (request, reply) => {
      const { original_price: originalPrice, use: yearsOfUse, ...same } = request.body;
      await checkPictures(picturesOf(request.body));
      return run(request, reply, {
        command: {
          type: 'EditCar',
          actor: actorOf(request),
          data: { carId: request.params.id, changes: { ...same, originalPrice, yearsOfUse } },
        },
        // An edit that changes nothing appends nothing, and says so.
        answer: (decision) => ({
          status: 200,
          body: {
            acknowledged: true as const,
            modifiedCount: decision.appends.length > 0 ? 1 : 0,
          },
        }),
      });
    },
  });
}

export async function carWriteRoutes(app: ServiceApp, options: CarWriteRoutesOptions) {
  const { run } = options;
  listCarRoute(app, options);

  idCommandRoute(app, run, carWriteCalls, 'advertiseCar', {
    command: (carId, actor) => ({ type: 'AdvertiseCar', actor, data: { carId } }),
    count: 'modifiedCount',
  });

  editCarRoute(app, options);

  idCommandRoute(app, run, carWriteCalls, 'markCarSold', {
    command: (carId, actor) => ({ type: 'MarkCarSold', actor, data: { carId } }),
    count: 'modifiedCount',
  });

  idCommandRoute(app, run, carWriteCalls, 'deleteCar', {
    command: (carId, actor) => ({ type: 'DeleteCar', actor, data: { carId } }),
    count: 'deletedCount',
  });
}

/** A picture a request names, with the field that names it (`image`, `images.2`). */
export interface NamedPicture {
  field: string;
  url: string;
}

/** Refuses pictures this marketplace did not issue: 400, field by field, before anything is decided. */
export type PictureCheck = (pictures: readonly NamedPicture[]) => Promise<void>;

/** The pictures a listing or an edit names: `image`, then `images` in order. */
export const picturesOf = (body: {
  image?: string | undefined;
  images?: readonly string[] | undefined;
}) => [
  ...(body.image === undefined ? [] : [{ field: 'image', url: body.image }]),
  ...(body.images ?? []).map((url, index) => ({ field: `images.${index}`, url })),
];
