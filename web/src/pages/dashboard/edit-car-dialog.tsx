import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type CarRecord, EditCarBody, ListCarBody } from '@second-gear/features/contract';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { editCar } from '../../api/endpoints.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { applyFieldErrors } from '../../components/form-errors.ts';
import { notifyInfo } from '../../components/notify.ts';
import { useCommand } from '../../components/use-command.ts';
import { CarFields, type CarFieldValues, carFieldNames } from './car-fields.tsx';
import {
  type Picture,
  PictureUploadError,
  picturesChanged,
  picturesOf,
  picturesSchema,
  usePictureUploads,
} from './car-pictures.tsx';

// The edit's own rules for the details (`EditCarBody`: blank clears one). Name, prices, location
// and years of use are never blank in this form, which shows them all: as in Add Product, blank
// is "This field is required" (the edit leaves out what did not change instead).
const { make, model, year, mileage, fuel, transmission, description } = EditCarBody.shape;
const editSchema = ListCarBody.pick({
  name: true,
  original_price: true,
  price: true,
  location: true,
  use: true,
}).extend({ make, model, year, mileage, fuel, transmission, description, images: picturesSchema });
type EditedCar = z.output<typeof editSchema>;
type EditedFields = Omit<EditedCar, 'images'>;

/** The car as the inputs show it, its pictures in order. */
const textOf = (car: CarRecord): CarFieldValues & { images: Picture[] } => ({
  name: car.name,
  original_price: String(car.original_price),
  price: String(car.price),
  location: car.location,
  use: String(car.use),
  make: car.make ?? '',
  model: car.model ?? '',
  year: car.year?.toString() ?? '',
  mileage: car.mileage?.toString() ?? '',
  fuel: car.fuel ?? '',
  transmission: car.transmission ?? '',
  description: car.description ?? '',
  images: picturesOf(car.images),
});

/**
 * What the seller changed, as the contract reads it: a price typed "12000.0" for 12000 is no
 * change; a detail emptied is `null` (cleared).
 */
export function changesOf(car: CarRecord, edited: EditedFields): Partial<EditedFields> {
  const changes: Record<string, unknown> = {};
  for (const field of carFieldNames) {
    const now = edited[field] ?? null;
    if (now !== (car[field] ?? null)) changes[field] = now;
  }
  return changes as Partial<EditedFields>;
}

/** What Save sends: the fields changed, and the pictures when their list or order changed. */
interface Edit {
  changes: Partial<EditedFields>;
  pictures: Picture[] | null;
}

function EditCarForm({ car, onDone }: { car: CarRecord; onDone: () => void }) {
  const form = useForm({ resolver: zodResolver(editSchema), defaultValues: textOf(car) });
  const uploads = usePictureUploads();
  const edit = useCommand<Edit, { modifiedCount: number }>({
    run: async ({ changes, pictures }) =>
      editCar(car._id, {
        ...changes,
        ...(pictures ? { images: await uploads.upload(pictures) } : {}),
      }),
    success: (answer) => (answer.modifiedCount === 0 ? null : 'Listing updated'),
    invalidate: [['cars'], ['car']],
    onSuccess: (answer) => {
      if (answer.modifiedCount === 0) notifyInfo('Nothing changed');
      onDone();
    },
    onError: (error) => {
      if (error instanceof PictureUploadError) {
        form.setError('images', { type: 'server', message: error.message });
      } else {
        applyFieldErrors(error, form.setError, [...carFieldNames, 'images']);
      }
      return true;
    },
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(({ images, ...edited }) => {
          const changes = changesOf(car, edited);
          const pictures = picturesChanged(images, car.images) ? images : null;
          if (Object.keys(changes).length === 0 && pictures === null) {
            notifyInfo('Nothing changed');
            onDone();
          } else {
            edit.mutate({ changes, pictures });
          }
        })}
      >
        <Stack gap="4">
          <CarFields progress={uploads.progress} />
          <FormAlert message={form.formState.errors.root?.server?.message} />
          <Button
            type="submit"
            colorPalette="teal"
            loading={edit.isPending}
            loadingText={uploads.progress ? 'Uploading...' : 'Saving...'}
          >
            Save changes
          </Button>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** Edit a listing: the form opens with the car as it is, and sends only what changed. */
export function EditCarDialog({
  car,
  open,
  onClose,
  onExitComplete,
}: {
  car: CarRecord | null;
  open: boolean;
  onClose: () => void;
  onExitComplete: () => void;
}) {
  return (
    <Dialog.Root
      open={open && car !== null}
      onOpenChange={(e) => (e.open ? undefined : onClose())}
      onExitComplete={onExitComplete}
      placement="center"
      size="lg"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Edit {car?.name}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {car ? <EditCarForm key={car._id} car={car} onDone={onClose} /> : null}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
