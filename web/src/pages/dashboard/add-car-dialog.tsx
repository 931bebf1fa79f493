import {
  Button,
  CloseButton,
  Dialog,
  Fieldset,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ListCarBody, requiredMessage } from '@second-gear/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { addCar, getCarFacets, getCategories, uploadImage } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { useUserRecord } from '../../auth/use-user-record.ts';
import { fuelLabels, transmissionLabels } from '../../components/car-facts.ts';
import { applyFieldErrors } from '../../components/form-errors.ts';
import { FormField } from '../../components/form-field.tsx';
import { useCommand } from '../../components/use-command.ts';

// The contract's rules for a listed car (prices of 1 to 10,000,000 dollars, 0 to 100 years of use;
// the optional details: a model year from 1900 to next year, 0 to 2,000,000 km, the fuels and
// gearboxes it knows), except that the picture is a file until it is uploaded and its address
// becomes `image`. The seller's name and email come from the seller's record.
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
  image: z.custom<FileList>(
    (files) => files instanceof FileList && files.length > 0,
    requiredMessage,
  ),
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

/** Makes already listed, and the models of the make typed, as suggestions. */
function useSuggestions(open: boolean, make: unknown) {
  const makes = useQuery({
    queryKey: ['cars', 'facets', {}],
    queryFn: () => getCarFacets({}),
    enabled: open,
    meta: { quiet: true },
  });
  const typed = typeof make === 'string' ? make.trim().toLowerCase() : '';
  const known = makes.data?.make.find((entry) => entry.value.toLowerCase() === typed)?.value;
  const models = useQuery({
    queryKey: ['cars', 'facets', { make: known }],
    queryFn: () => getCarFacets({ make: known }),
    enabled: open && known !== undefined,
    meta: { quiet: true },
  });
  return {
    makes: makes.data?.make.map((entry) => entry.value) ?? [],
    models: known ? (models.data?.model.map((entry) => entry.value) ?? []) : [],
  };
}

export function AddCarDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const { data: record } = useUserRecord();
  const categories = useQuery({
    queryKey: ['categories', 'all'],
    queryFn: () => getCategories(1, 100),
    enabled: open,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<CarForm>({ resolver: zodResolver(carSchema, undefined, { raw: true }) });
  const suggestions = useSuggestions(open, watch('make'));
  const makeList = useId();
  const modelList = useId();

  const add = useCommand<CarForm>({
    run: async ({ image, ...values }) => {
      const url = await uploadImage(image[0]!);
      return addCar({
        ...given(values),
        image: url,
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
      applyFieldErrors(error, setError, carSchema.keyof().options);
      return true;
    },
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => (e.open ? undefined : onClose())}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Add Product</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <form noValidate onSubmit={handleSubmit((values) => add.mutate(values))}>
                <Stack gap="4">
                  <FormField label="Car Name" required error={errors.name?.message}>
                    <Input {...register('name')} />
                  </FormField>
                  <FormField label="Category" required error={errors.category?.message}>
                    <NativeSelect.Root>
                      <NativeSelect.Field placeholder="Choose a category" {...register('category')}>
                        {categories.data?.items.map((category) => (
                          <option key={category._id} value={category.name}>
                            {category.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </FormField>
                  <FormField label="Picture" required error={errors.image?.message}>
                    <Input type="file" accept="image/*" p="1.5" {...register('image')} />
                  </FormField>
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    <FormField
                      label="Original Price"
                      required
                      error={errors.original_price?.message}
                    >
                      <Input inputMode="decimal" {...register('original_price')} />
                    </FormField>
                    <FormField label="Sell Price" required error={errors.price?.message}>
                      <Input inputMode="decimal" {...register('price')} />
                    </FormField>
                    <FormField label="Location" required error={errors.location?.message}>
                      <Input {...register('location')} />
                    </FormField>
                    <FormField label="Years of Use" required error={errors.use?.message}>
                      <Input inputMode="numeric" {...register('use')} />
                    </FormField>
                  </SimpleGrid>
                  <Fieldset.Root pt="2">
                    <Fieldset.Legend>Details</Fieldset.Legend>
                    <Fieldset.HelperText>
                      Optional. Buyers search and filter cars by them.
                    </Fieldset.HelperText>
                    <Fieldset.Content>
                      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                        <FormField label="Make" error={errors.make?.message}>
                          <Input
                            list={makeList}
                            autoComplete="off"
                            placeholder="Toyota"
                            {...register('make')}
                          />
                        </FormField>
                        <FormField label="Model" error={errors.model?.message}>
                          <Input
                            list={modelList}
                            autoComplete="off"
                            placeholder="Corolla"
                            {...register('model')}
                          />
                        </FormField>
                        <FormField label="Year" error={errors.year?.message}>
                          <Input inputMode="numeric" placeholder="2017" {...register('year')} />
                        </FormField>
                        <FormField label="Mileage (km)" error={errors.mileage?.message}>
                          <Input
                            inputMode="numeric"
                            placeholder="85,000"
                            {...register('mileage')}
                          />
                        </FormField>
                        <FormField label="Fuel" error={errors.fuel?.message}>
                          <NativeSelect.Root>
                            <NativeSelect.Field placeholder="Choose the fuel" {...register('fuel')}>
                              {Object.entries(fuelLabels).map(([value, label]) => (
                                <option key={value} value={value}>
                                  {label}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        </FormField>
                        <FormField label="Gearbox" error={errors.transmission?.message}>
                          <NativeSelect.Root>
                            <NativeSelect.Field
                              placeholder="Choose the gearbox"
                              {...register('transmission')}
                            >
                              {Object.entries(transmissionLabels).map(([value, label]) => (
                                <option key={value} value={value}>
                                  {label}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        </FormField>
                      </SimpleGrid>
                      <FormField label="Description" error={errors.description?.message}>
                        <Textarea rows={4} {...register('description')} />
                      </FormField>
                    </Fieldset.Content>
                  </Fieldset.Root>
                  <datalist id={makeList}>
                    {suggestions.makes.map((make) => (
                      <option key={make} value={make} />
                    ))}
                  </datalist>
                  <datalist id={modelList}>
                    {suggestions.models.map((model) => (
                      <option key={model} value={model} />
                    ))}
                  </datalist>
                  <Button type="submit" colorPalette="teal" disabled={add.isPending}>
                    {add.isPending ? 'Uploading...' : 'Add Product'}
                  </Button>
                </Stack>
              </form>
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
