import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type CarRecord, EditCarBody, ListCarBody } from '@second-gear/contracts';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { editCar } from '../../api/endpoints.ts';
import { applyFieldErrors } from '../../components/form-errors.ts';
import { notifyInfo } from '../../components/notify.ts';
import { useCommand } from '../../components/use-command.ts';
import { CarFields, type CarFieldValues, carFieldNames } from './car-fields.tsx';

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
}).extend({ make, model, year, mileage, fuel, transmission, description });
type EditedCar = z.output<typeof editSchema>;

/** The car as the inputs show it. */
const textOf = (car: CarRecord): CarFieldValues => ({
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
});

/**
 * What the seller changed, as the contract reads it: a price typed "12000.0" for 12000 is no
 * change; a detail emptied is `null` (cleared).
 */
export function changesOf(car: CarRecord, edited: EditedCar): Partial<EditedCar> {
  const changes: Record<string, unknown> = {};
  for (const field of carFieldNames) {
    const now = edited[field] ?? null;
    if (now !== (car[field] ?? null)) changes[field] = now;
  }
  return changes as Partial<EditedCar>;
}

function EditCarForm({ car, onDone }: { car: CarRecord; onDone: () => void }) {
  const form = useForm({ resolver: zodResolver(editSchema), defaultValues: textOf(car) });
  const edit = useCommand<Partial<EditedCar>, { modifiedCount: number }>({
    run: (changes) => editCar(car._id, changes),
    success: (answer) => (answer.modifiedCount === 0 ? null : 'Listing updated'),
    invalidate: [['cars'], ['car']],
    onSuccess: (answer) => {
      if (answer.modifiedCount === 0) notifyInfo('Nothing changed');
      onDone();
    },
    onError: (error) => {
      applyFieldErrors(error, form.setError, carFieldNames);
      return true;
    },
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit((edited) => {
          const changes = changesOf(car, edited);
          if (Object.keys(changes).length === 0) {
            notifyInfo('Nothing changed');
            onDone();
          } else {
            edit.mutate(changes);
          }
        })}
      >
        <Stack gap="4">
          <CarFields />
          <Button type="submit" colorPalette="teal" loading={edit.isPending}>
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
