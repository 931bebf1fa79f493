import { Checkbox, Fieldset } from '@chakra-ui/react';
import { type DealRating, dealRatings } from '@second-gear/features/rules';
import { dealLabels } from '../components/deal-rating.tsx';
import type { SearchFilters } from './search-state.ts';

/**
 * Deal: a checkbox for each rating, in the words of the cars' badges. A search keeps the cars of
 * any rating ticked (`deal=great,good`, best first); none ticked is any price, cars without a
 * rating included.
 */
export function DealFilter({
  filters,
  onChange,
}: {
  filters: SearchFilters;
  onChange: (changes: Partial<SearchFilters>) => void;
}) {
  const chosen = filters.deal ?? [];
  const toggle = (rating: DealRating, on: boolean) => {
    const deal = dealRatings.filter((r) => (r === rating ? on : chosen.includes(r)));
    onChange({ deal: deal.length > 0 ? deal : undefined });
  };
  return (
    <Fieldset.Root size="sm">
      <Fieldset.Legend>Deal</Fieldset.Legend>
      <Fieldset.Content>
        {dealRatings.map((rating) => (
          <Checkbox.Root
            key={rating}
            size="sm"
            colorPalette="teal"
            // A fingertip's 44 px on phones, where the panel is a drawer.
            minH={{ base: '11', md: 'auto' }}
            checked={chosen.includes(rating)}
            onCheckedChange={(event) => toggle(rating, event.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{dealLabels[rating].label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
