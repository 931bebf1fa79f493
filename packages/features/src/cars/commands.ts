import { advertiseCarSlice } from './advertise-car.ts';
import { deleteCarSlice } from './delete-car.ts';
import { editCarSlice } from './edit-car.ts';
import { listCarSlice } from './list-car.ts';
import { markCarSoldSlice } from './mark-car-sold.ts';

/** The commands of this feature, by type: each one's slice. The registry lists them with every other feature's. */
export const carCommands = {
  ListCar: listCarSlice,
  AdvertiseCar: advertiseCarSlice,
  EditCar: editCarSlice,
  MarkCarSold: markCarSoldSlice,
  DeleteCar: deleteCarSlice,
} as const;
