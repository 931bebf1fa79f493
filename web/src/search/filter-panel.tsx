import { Button, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import type { CarFacetsAnswer } from '@second-gear/features/contract';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { fuelLabels, transmissionLabels } from '../components/car-facts.ts';
import { FormField } from '../components/form-field.tsx';
import { useTypedEarly } from '../components/use-typed-early.ts';
import { DealFilter } from './deal-filter.tsx';
import { NearFilter } from './near-filter.tsx';
import { numberProblem, readNumber, type SearchFilters } from './search-state.ts';

type Counts = CarFacetsAnswer['make'];
type Change = (changes: Partial<SearchFilters>) => void;

/** "Toyota (12)": a choice with the number of cars it would show, once the counts are known. */
const withCount = (label: string, counts: Counts | undefined, value: string) => {
  if (!counts) return label;
  const count = counts.find((entry) => entry.value.toLowerCase() === value.toLowerCase())?.count;
  return `${label} (${count ?? 0})`;
};

/** The facet's value the chosen text stands for: text filters ignore case ("toyota"). */
const facetValue = (counts: Counts | undefined, chosen: string | undefined) =>
  counts?.find((entry) => entry.value.toLowerCase() === chosen?.toLowerCase())?.value ?? chosen;

/** The facet's values, and the chosen one even when no car has it any more. */
function choicesOf(counts: Counts | undefined, chosen: string | undefined): string[] {
  const values = (counts ?? []).map((entry) => entry.value);
  const value = facetValue(counts, chosen);
  if (value && !values.includes(value)) values.unshift(value);
  return values;
}

function ChoiceFilter({
  label,
  value,
  anyLabel,
  disabled,
  onChoose,
  children,
}: {
  label: string;
  value: string | undefined;
  anyLabel: string;
  disabled?: boolean;
  onChoose: (value: string | undefined) => void;
  children: ReactNode;
}) {
  return (
    <FormField label={label} disabled={disabled}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={value ?? ''}
          onChange={(event) => onChoose(event.currentTarget.value || undefined)}
        >
          <option value="">{anyLabel}</option>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/**
 * A typed filter, applied when the buyer presses Enter or leaves the field: each applied filter
 * is one step of the browser's history, not each keystroke.
 */
function TypedFilter({
  label,
  value,
  numeric,
  check,
  onApply,
}: {
  label: string;
  value: string | number | undefined;
  numeric?: boolean;
  check?: (text: string) => string | undefined;
  onApply: (text: string) => void;
}) {
  const shown = value === undefined ? '' : String(value);
  const [text, setText] = useState(shown);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    setText(shown);
    setProblem(undefined);
  }, [shown]);
  const box = useTypedEarly(text, setText);
  const apply = () => {
    const found = check?.(text);
    setProblem(found);
    if (!found && text.trim() !== shown) onApply(text);
  };
  return (
    <FormField label={label} error={problem}>
      <Input
        ref={box}
        size="sm"
        value={text}
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete="off"
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
    </FormField>
  );
}

type Bound = 'minPrice' | 'maxPrice' | 'minYear' | 'maxYear' | 'maxMileage';

/** The range's other end, and whether this one is its lower end. */
const rangeOf: Partial<Record<Bound, { other: Bound; lower: boolean; name: string }>> = {
  minPrice: { other: 'maxPrice', lower: true, name: 'the max price' },
  maxPrice: { other: 'minPrice', lower: false, name: 'the min price' },
  minYear: { other: 'maxYear', lower: true, name: 'the last year' },
  maxYear: { other: 'minYear', lower: false, name: 'the first year' },
};

/** A bound's field; a range's end may not pass its other end. */
const numberFilter = (key: Bound, label: string, filters: SearchFilters, onChange: Change) => {
  const range = rangeOf[key];
  return (
    <TypedFilter
      label={label}
      numeric
      value={filters[key]}
      check={(text) => {
        const problem = numberProblem(text, key);
        if (problem || !range) return problem;
        const value = readNumber(text, key);
        const other = filters[range.other];
        if (value === undefined || other === undefined) return undefined;
        if (range.lower && value > other) return `Must not be above ${range.name}`;
        if (!range.lower && value < other) return `Must not be below ${range.name}`;
        return undefined;
      }}
      onApply={(text) => onChange({ [key]: readNumber(text, key) })}
    />
  );
};

interface FilterProps {
  filters: SearchFilters;
  facets: CarFacetsAnswer | undefined;
  onChange: Change;
}

/** Category (unless fixed), make, and the make's models. */
function CarChoices({
  filters,
  facets,
  fixedCategory,
  onChange,
}: FilterProps & { fixedCategory: boolean | undefined }) {
  return (
    <>
      {fixedCategory ? null : (
        <ChoiceFilter
          label="Category"
          anyLabel="Any category"
          value={facetValue(facets?.category, filters.category)}
          onChoose={(category) => onChange({ category })}
        >
          {choicesOf(facets?.category, filters.category).map((value) => (
            <option key={value} value={value}>
              {withCount(value, facets?.category, value)}
            </option>
          ))}
        </ChoiceFilter>
      )}
      <ChoiceFilter
        label="Make"
        anyLabel="Any make"
        value={facetValue(facets?.make, filters.make)}
        onChoose={(make) => onChange({ make })}
      >
        {choicesOf(facets?.make, filters.make).map((value) => (
          <option key={value} value={value}>
            {withCount(value, facets?.make, value)}
          </option>
        ))}
      </ChoiceFilter>
      <ChoiceFilter
        label="Model"
        anyLabel={filters.make ? 'Any model' : 'Choose a make first'}
        value={facetValue(facets?.model, filters.model)}
        disabled={!filters.make}
        onChoose={(model) => onChange({ model })}
      >
        {filters.make
          ? choicesOf(facets?.model, filters.model).map((value) => (
              <option key={value} value={value}>
                {withCount(value, facets?.model, value)}
              </option>
            ))
          : null}
      </ChoiceFilter>
    </>
  );
}

function FuelAndGearbox({ filters, facets, onChange }: FilterProps) {
  return (
    <>
      <ChoiceFilter
        label="Fuel"
        anyLabel="Any fuel"
        value={filters.fuel}
        onChoose={(fuel) => onChange({ fuel: fuel as SearchFilters['fuel'] })}
      >
        {Object.entries(fuelLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {withCount(label, facets?.fuel, value)}
          </option>
        ))}
      </ChoiceFilter>
      <ChoiceFilter
        label="Gearbox"
        anyLabel="Any gearbox"
        value={filters.transmission}
        onChoose={(transmission) =>
          onChange({ transmission: transmission as SearchFilters['transmission'] })
        }
      >
        {Object.entries(transmissionLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {withCount(label, facets?.transmission, value)}
          </option>
        ))}
      </ChoiceFilter>
    </>
  );
}

/**
 * The filter panel: every filter of a search, with the number of cars each choice would show
 * (the facets). `fixedCategory` leaves the category out (a category's page); `nearProblem` is
 * why the API refused the place searched near.
 */
export function FilterPanel({
  filters,
  facets,
  fixedCategory,
  nearProblem,
  onChange,
  columns,
}: {
  filters: SearchFilters;
  facets: CarFacetsAnswer | undefined;
  fixedCategory?: boolean;
  nearProblem?: string | undefined;
  onChange: Change;
  columns?: Record<string, number>;
}) {
  const headingId = useId();
  const active = Object.keys(filters).length > 0;

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <HStack justify="space-between">
        <Heading id={headingId} as="h2" size="md">
          Filters
        </Heading>
        {active ? (
          <Button size="xs" variant="ghost" onClick={() => onChange(clearAll(filters))}>
            Clear filters
          </Button>
        ) : null}
      </HStack>
      <SimpleGrid columns={columns ?? { base: 1 }} gap="4">
        <CarChoices
          filters={filters}
          facets={facets}
          fixedCategory={fixedCategory}
          onChange={onChange}
        />
        <SimpleGrid columns={2} gap="3">
          {numberFilter('minPrice', 'Min price', filters, onChange)}
          {numberFilter('maxPrice', 'Max price', filters, onChange)}
        </SimpleGrid>
        <SimpleGrid columns={2} gap="3">
          {numberFilter('minYear', 'Year from', filters, onChange)}
          {numberFilter('maxYear', 'Year to', filters, onChange)}
        </SimpleGrid>
        {numberFilter('maxMileage', 'Max mileage (km)', filters, onChange)}
        <FuelAndGearbox filters={filters} facets={facets} onChange={onChange} />
        <DealFilter filters={filters} onChange={onChange} />
        <TypedFilter
          label="Location"
          value={filters.location}
          onApply={(text) => onChange({ location: text.trim() || undefined })}
        />
        <NearFilter filters={filters} problem={nearProblem} onChange={onChange} />
      </SimpleGrid>
    </Stack>
  );
}

/** The change that removes every filter. */
export const clearAll = (filters: SearchFilters): Partial<SearchFilters> =>
  Object.fromEntries(Object.keys(filters).map((key) => [key, undefined]));
