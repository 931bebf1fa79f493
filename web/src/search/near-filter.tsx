import { NativeSelect } from '@chakra-ui/react';
import { DEFAULT_RADIUS_KM, RADIUS_KM } from '@second-gear/features/rules';
import { useState } from 'react';
import { formatNumber } from '../components/car-facts.ts';
import { FormField } from '../components/form-field.tsx';
import { PlaceInput } from '../components/place-input.tsx';
import { radiusOf, type SearchFilters } from './search-state.ts';

type Change = (changes: Partial<SearchFilters>) => void;

/** The radii offered, in kilometres, within the API's bounds; the default among them. */
const radiusChoices = [10, 25, DEFAULT_RADIUS_KM, 100, 200, RADIUS_KM.max].filter(
  (km) => km >= RADIUS_KM.min && km <= RADIUS_KM.max,
);

/** The radii to choose from, and the one in the address when it is none of them. */
const radiiWith = (chosen: number) =>
  radiusChoices.includes(chosen) ? radiusChoices : [...radiusChoices, chosen].sort((a, b) => a - b);

/**
 * Near: a place to search around, suggested as it is typed, applied when one is chosen, on
 * Enter or on leaving the box (one step of the history each); a cleared box removes the place
 * and its radius. `problem` is why the API refused the place.
 */
function NearBox({
  filters,
  problem,
  onChange,
}: {
  filters: SearchFilters;
  problem: string | undefined;
  onChange: Change;
}) {
  const shown = filters.near ?? '';
  const [text, setText] = useState(shown);
  // The place in the address changed (a chip removed, the back button): the box shows it. Not
  // an effect, which would run after the box's own and undo text it adopts on taking over.
  const [addressed, setAddressed] = useState(shown);
  if (addressed !== shown) {
    setAddressed(shown);
    setText(shown);
  }
  const apply = (typed: string) => {
    const near = typed.trim().replaceAll(/\s+/g, ' ') || undefined;
    if (near === filters.near) return;
    onChange(near ? { near, radiusKm: radiusOf(filters) } : { near: undefined });
  };
  return (
    <FormField label="Near" error={problem}>
      <PlaceInput
        size="sm"
        placeholder="City, e.g. Boulder, CO"
        value={text}
        onValueChange={setText}
        onChoose={apply}
        onBlur={() => apply(text)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply(text);
          }
        }}
      />
    </FormField>
  );
}

/** How far around the place to search; chosen once there is a place. */
function RadiusChoice({ filters, onChange }: { filters: SearchFilters; onChange: Change }) {
  const radius = radiusOf(filters);
  return (
    <FormField label="Radius" disabled={!filters.near}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={String(radius)}
          onChange={(event) => onChange({ radiusKm: Number(event.currentTarget.value) })}
        >
          {radiiWith(radius).map((km) => (
            <option key={km} value={km}>
              {formatNumber(km)} km
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/** The filters of a search near a place: the place and the radius around it. */
export function NearFilter(props: {
  filters: SearchFilters;
  problem: string | undefined;
  onChange: Change;
}) {
  return (
    <>
      <NearBox {...props} />
      <RadiusChoice filters={props.filters} onChange={props.onChange} />
    </>
  );
}
