import { Button, CloseButton, Dialog, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { carDetailFields, ListCarBody, requiredMessage } from '@second-gear/features/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { addCar, getCategories } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { useUserRecord } from '../../auth/use-user-record.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { applyFieldErrors } from '../../components/form-errors.ts';
import { FormField } from '../../components/form-field.tsx';
import { useCommand } from '../../components/use-command.ts';
import { CarFields } from './car-fields.tsx';
import { PictureUploadError, picturesSchema, usePictureUploads } from './car-pictures.tsx';

/** A detail the API takes as optional, which a new listing from this form must give. */
const requiredDetail = <Schema extends z.ZodType>(field: Schema) =>
  field.refine((value) => value !== undefined, requiredMessage);

// The contract's rules for a listed car (prices of 1 to 10,000,000 dollars, 0 to 100 years of use;
// a model year from 1900 to next year, 0 to 2,000,000 km, the fuels and gearboxes it knows),
// except that the pictures are files until they are uploaded: the first address becomes
// `image`, the others `images`; and that make, model, year and mileage are required, since
// buyers search and filter by them (the API still takes a car without them). The seller's name
// and email come from the seller's record.
const carSchema = ListCarBody.pick({
  name: true,
  category: true,
  original_price: true,
  price: true,
  location: true,
  use: true,
  make: true,
  model: true,
  year: true,
  mileage: true,
  fuel: true,
  transmission: true,
  description: true,
}).extend({
  images: picturesSchema,
  make: requiredDetail(carDetailFields.make),
  model: requiredDetail(carDetailFields.model),
  year: requiredDetail(carDetailFields.year),
  mileage: requiredDetail(carDetailFields.mileage),
});

// The inputs' text, before the contract reads prices and years as numbers: it is sent as typed.
type CarForm = z.input<typeof carSchema>;

/**
 * The form's text without the optional details left blank: what the seller gave. (The required
 * fields are never blank once the form is valid.)
 */
const given = <T extends object>(values: T): T =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => typeof value !== 'string' || value.trim() !== ''),
  ) as T;

/**
 * Sends the form: the pictures uploaded first, then the car, in the seller's name; a picture
 * that fails to upload is the Pictures field's error.
 */
function useAddCar(
  { reset, setError }: Pick<UseFormReturn<CarForm>, 'reset' | 'setError'>,
  pictures: ReturnType<typeof usePictureUploads>,
  onClose: () => void,
) {
  const { user } = useAuth();
  const { data: record } = useUserRecord();
  return useCommand<CarForm>({
    run: async ({ images, ...values }) => {
      const [cover, ...more] = await pictures.upload(images);
      return addCar({
        ...given(values),
        image: cover!,
        ...(more.length > 0 ? { images: more } : {}),
        seller_name: record?.name || user?.displayName || '',
        email: user?.email ?? '',
      });
    },
    success: 'Product added Successfully!',
    invalidate: [['cars']],
    onSuccess: () => {
      reset();
      onClose();
    },
    onError: (error) => {
      if (error instanceof PictureUploadError) {
        setError('images', { type: 'server', message: error.message });
      } else {
        applyFieldErrors(error, setError, carSchema.keyof().options);
      }
      return true;
    },
  });
}

export function AddCarDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const categories = useQuery({
    queryKey: ['categories', 'all'],
    queryFn: () => getCategories(1, 100),
    enabled: open,
  });
  const form = useForm<CarForm>({
    resolver: zodResolver(carSchema, undefined, { raw: true }),
    defaultValues: { images: [] },
  });
  const pictures = usePictureUploads();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const add = useAddCar(form, pictures, onClose);
  const formId = useId();

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => (e.open ? undefined : onClose())}
      placement="center"
      size="lg"
      scrollBehavior="inside"
      lazyMount
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Add Product</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <FormProvider {...form}>
                <form
                  id={formId}
                  noValidate
                  onSubmit={handleSubmit((values) => add.mutate(values))}
                >
                  <Stack gap="4">
                    <CarFields progress={pictures.progress} newListing>
                      <FormField label="Category" required error={errors.category?.message}>
                        <NativeSelect.Root>
                          <NativeSelect.Field
                            placeholder="Choose a category"
                            {...register('category')}
                          >
                            {categories.data?.items.map((category) => (
                              <option key={category._id} value={category.name}>
                                {category.name}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </FormField>
                    </CarFields>
                  </Stack>
                </form>
              </FormProvider>
            </Dialog.Body>
            {/* Outside the scrolling body, so the action is in reach however long the form. */}
            <Dialog.Footer borderTopWidth="1px" pt="4" flexDirection="column" alignItems="stretch">
              <FormAlert message={errors.root?.server?.message} />
              <Button
                type="submit"
                form={formId}
                colorPalette="teal"
                w={{ base: 'full', sm: 'auto' }}
                alignSelf="flex-end"
                disabled={add.isPending}
              >
                {add.isPending ? 'Uploading...' : 'Add Product'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
