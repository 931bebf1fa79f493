// The fields of a listing that Add Product and Edit share: what the car is (make, model, year,
// mileage), its name, pictures, prices, location, years of use and the optional details, with
// suggestions for the location, make and model. They sit in a form of either dialog through
// react-hook-form's context, under the API's field names.
import { Fieldset, Input, InputGroup, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef } from 'react';
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

/**
 * What the car is: make, model, year and mileage, the facts buyers search and filter by, so a new
 * listing must give them (`required`); a car listed before may lack them. `makeList` and
 * `modelList` are the ids of their suggestions.
 */
function IdentityFields({
  required,
  makeList,
  modelList,
}: {
  required: boolean;
  makeList: string;
  modelList: string;
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext<CarFieldValues>();
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <FormField label="Make" required={required} error={errors.make?.message}>
        <Input list={makeList} autoComplete="off" placeholder="Toyota" {...register('make')} />
      </FormField>
      <FormField label="Model" required={required} error={errors.model?.message}>
        <Input list={modelList} autoComplete="off" placeholder="Corolla" {...register('model')} />
      </FormField>
      <FormField label="Year" required={required} error={errors.year?.message}>
        <Input inputMode="numeric" placeholder="2017" {...register('year')} />
      </FormField>
      <FormField label="Mileage (km)" required={required} error={errors.mileage?.message}>
        <Input inputMode="numeric" placeholder="85,000" {...register('mileage')} />
      </FormField>
    </SimpleGrid>
  );
}

/** The optional Details: fuel, gearbox and a description. */
function DetailsFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<CarFieldValues>();
  return (
    <Fieldset.Root pt="2">
      <Fieldset.Legend>Details</Fieldset.Legend>
      <Fieldset.HelperText>Optional. Buyers filter cars by them.</Fieldset.HelperText>
      <Fieldset.Content>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
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

/** "Toyota Corolla 2017": the name a listing is given from what the car is, as far as typed. */
export const suggestedName = (make = '', model = '', year = ''): string =>
  [make, model, year]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');

/**
 * Fills Car Name from the make, model and year as they are typed, until the seller types a name
 * of their own (or clears it: then it follows again).
 */
function useNameSuggestion() {
  const { getValues, setValue } = useFormContext<CarFieldValues>();
  const [make, model, year] = useWatch<CarFieldValues, ['make', 'model', 'year']>({
    name: ['make', 'model', 'year'],
  });
  const last = useRef('');
  useEffect(() => {
    const name = getValues('name') ?? '';
    const next = suggestedName(make, model, year);
    if (name === '' || name === last.current) {
      setValue('name', next, { shouldDirty: true });
      last.current = next;
    }
  }, [make, model, year, getValues, setValue]);
}

/** A price in dollars: the sign before the number, as on every price the site shows. */
function PriceInput({ name }: { name: 'original_price' | 'price' }) {
  const { register } = useFormContext<CarFieldValues>();
  return (
    <InputGroup startElement="$">
      <Input inputMode="decimal" {...register(name)} />
    </InputGroup>
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
 * What the car is (required for a new listing: `newListing`, which also suggests its name), Car
 * Name, then `children` (Add Product's category), the Pictures (`images`), the prices (the Sell
 * Price with its price guide), location and years of use, and the optional Details.
 */
export function CarFields({
  children,
  progress,
  newListing = false,
}: {
  children?: ReactNode;
  /** The pictures' upload under way, while the form is sent. */
  progress?: UploadProgress | null;
  newListing?: boolean;
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
      <IdentityFields required={newListing} makeList={makeList} modelList={modelList} />
      {newListing ? <NameSuggestion /> : null}
      <FormField
        label="Car Name"
        required
        helper={
          newListing ? 'Made from the make, model and year; change it as you like.' : undefined
        }
        error={errors.name?.message}
      >
        <Input {...register('name')} />
      </FormField>
      {children}
      <CarPictures progress={progress} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField
          label="Original Price"
          required
          helper="What it cost new."
          error={errors.original_price?.message}
        >
          <PriceInput name="original_price" />
        </FormField>
        <FormField
          label="Sell Price"
          required
          helper="Your asking price."
          error={errors.price?.message}
        >
          <PriceInput name="price" />
          <SellPriceGuide />
        </FormField>
        <LocationField />
        <FormField label="Years of Use" required error={errors.use?.message}>
          <Input inputMode="numeric" {...register('use')} />
        </FormField>
      </SimpleGrid>
      <DetailsFields />
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

/** The name's suggestion, as a component so that only a new listing has it. */
function NameSuggestion() {
  useNameSuggestion();
  return null;
}
