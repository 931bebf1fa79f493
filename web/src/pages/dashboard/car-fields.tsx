// The fields of a listing that Add Product and Edit share: name, pictures, prices, location,
// years of use and the optional details, with suggestions for the location, make and model.
// They sit in a form of either dialog through react-hook-form's context, under the API's field
// names.
import { Fieldset, Input, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { getCarFacets } from '../../api/endpoints.ts';
import { fuelLabels, transmissionLabels } from '../../components/car-facts.ts';
import { FormField } from '../../components/form-field.tsx';
import { PlaceInput } from '../../components/place-input.tsx';
import { CarPictures, type UploadProgress } from './car-pictures.tsx';
import { PriceGuide } from './price-guide.tsx';

/** The shared fields, by their names in the API. */
export const carFieldNames = [
  'name',
  'original_price',
  'price',
  'location',
  'use',
  'make',
  'model',
  'year',
  'mileage',
  'fuel',
  'transmission',
  'description',
] as const;

/** The shared fields as typed into the inputs. */
export type CarFieldValues = Record<(typeof carFieldNames)[number], string>;

/** Makes already listed, and the models of the make typed, as suggestions. */
function useSuggestions(make: unknown) {
  const makes = useQuery({
    queryKey: ['cars', 'facets', {}],
    queryFn: () => getCarFacets({}),
    meta: { quiet: true },
  });
  const typed = typeof make === 'string' ? make.trim().toLowerCase() : '';
  const known = makes.data?.make.find((entry) => entry.value.toLowerCase() === typed)?.value;
  const models = useQuery({
    queryKey: ['cars', 'facets', { make: known }],
    queryFn: () => getCarFacets({ make: known }),
    enabled: known !== undefined,
    meta: { quiet: true },
  });
  return {
    makes: makes.data?.make.map((entry) => entry.value) ?? [],
    models: known ? (models.data?.model.map((entry) => entry.value) ?? []) : [],
  };
}

/**
 * Location, with the places it may be suggested as it is typed; any text is kept (a place the
 * suggestions do not know is still the listing's location).
 */
function LocationField() {
  const { field, fieldState } = useController<CarFieldValues, 'location'>({ name: 'location' });
  return (
    <FormField label="Location" required error={fieldState.error?.message}>
      <PlaceInput
        ref={field.ref}
        name={field.name}
        value={field.value ?? ''}
        onValueChange={field.onChange}
        onBlur={field.onBlur}
      />
    </FormField>
  );
}

/** The optional Details, with `makeList` and `modelList` the ids of their suggestions. */
function DetailsFields({ makeList, modelList }: { makeList: string; modelList: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<CarFieldValues>();
  return (
    <Fieldset.Root pt="2">
      <Fieldset.Legend>Details</Fieldset.Legend>
      <Fieldset.HelperText>Optional. Buyers search and filter cars by them.</Fieldset.HelperText>
      <Fieldset.Content>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="Make" error={errors.make?.message}>
            <Input list={makeList} autoComplete="off" placeholder="Toyota" {...register('make')} />
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
            <Input inputMode="numeric" placeholder="85,000" {...register('mileage')} />
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
              <NativeSelect.Field placeholder="Choose the gearbox" {...register('transmission')}>
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
  );
}

/** The Sell Price's guide, from the details as they are typed (see price-guide.tsx). */
function SellPriceGuide() {
  const [make, model, year, mileage] = useWatch<
    CarFieldValues,
    ['make', 'model', 'year', 'mileage']
  >({ name: ['make', 'model', 'year', 'mileage'] });
  return (
    <PriceGuide
      fields={{ make: make ?? '', model: model ?? '', year: year ?? '', mileage: mileage ?? '' }}
    />
  );
}

/**
 * Car Name, then `children` (Add Product's category), the Pictures (`images`), then the prices
 * (the Sell Price with its price guide), location and years of use, and the optional Details.
 */
export function CarFields({
  children,
  progress,
}: {
  children?: ReactNode;
  /** The pictures' upload under way, while the form is sent. */
  progress?: UploadProgress | null;
}) {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<CarFieldValues>();
  const suggestions = useSuggestions(watch('make'));
  const makeList = useId();
  const modelList = useId();
  return (
    <>
      <FormField label="Car Name" required error={errors.name?.message}>
        <Input {...register('name')} />
      </FormField>
      {children}
      <CarPictures progress={progress} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label="Original Price" required error={errors.original_price?.message}>
          <Input inputMode="decimal" {...register('original_price')} />
        </FormField>
        <FormField label="Sell Price" required error={errors.price?.message}>
          <Input inputMode="decimal" {...register('price')} />
          <SellPriceGuide />
        </FormField>
        <LocationField />
        <FormField label="Years of Use" required error={errors.use?.message}>
          <Input inputMode="numeric" {...register('use')} />
        </FormField>
      </SimpleGrid>
      <DetailsFields makeList={makeList} modelList={modelList} />
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
    </>
  );
}
