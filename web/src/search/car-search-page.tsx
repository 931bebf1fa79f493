import {
  Box,
  Button,
  CloseButton,
  Drawer,
  EmptyState,
  Flex,
  HStack,
  IconButton,
  NativeSelect,
  Portal,
  Skeleton,
  Spinner,
  Stack,
  Tag,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { type ReactNode, useId, useState } from 'react';
import { LuSearch, LuSearchX, LuSlidersHorizontal } from 'react-icons/lu';
import type { CarSort } from '../api/endpoints.ts';
import { ApiError } from '../api/http.ts';
import { sortLabels } from '../components/car-facts.ts';
import { CarGrid, CarGridSkeleton } from '../components/car-grid.tsx';
import { PlainInput } from '../components/plain-input.tsx';
import { HEADER_HEIGHT_REM } from '../layouts/header-height.ts';
import { clearAll, FilterPanel } from './filter-panel.tsx';
import { SaveSearchButton } from './save-search-button.tsx';
import {
  filterChips,
  nextPage,
  previousPage,
  type SearchFilters,
  withSort,
} from './search-state.ts';
import { type CarSearch, useCarSearch } from './use-car-search.ts';

/** Card-sized placeholders until the first answer: the page keeps its shape as the cars arrive. */
function LoadingCars() {
  return (
    <Box role="status" aria-live="polite">
      <VisuallyHidden>Loading cars</VisuallyHidden>
      <CarGridSkeleton count={8} />
    </Box>
  );
}

function ActiveFilters({
  filters,
  onChange,
}: {
  filters: SearchFilters;
  onChange: (changes: Partial<SearchFilters>) => void;
}) {
  const chips = filterChips(filters);
  if (chips.length === 0) return null;
  return (
    <HStack gap="2" wrap="wrap">
      <HStack as="ul" aria-label="Active filters" gap="2" wrap="wrap" listStyleType="none">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Tag.Root size="lg" colorPalette="teal" variant="subtle">
              <Tag.Label>{chip.label}</Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger
                  aria-label={`Remove filter ${chip.label}`}
                  onClick={() => onChange(chip.remove)}
                  // A fingertip's target on phones, beyond the small cross it draws.
                  position="relative"
                  _before={{
                    content: '""',
                    position: 'absolute',
                    inset: { base: '-3', md: '0' },
                  }}
                />
              </Tag.EndElement>
            </Tag.Root>
          </li>
        ))}
      </HStack>
      {chips.length > 1 ? (
        <Button size="xs" variant="ghost" onClick={() => onChange(clearAll(filters))}>
          Clear all
        </Button>
      ) : null}
    </HStack>
  );
}

/** The sorts on offer: by distance only near a place. */
const sortsFor = (near: string | undefined) =>
  Object.entries(sortLabels).filter(([value]) => value !== 'distance' || near !== undefined);

function SortSelect({
  sort,
  near,
  onSort,
}: {
  sort: CarSort;
  near: string | undefined;
  onSort: (sort: CarSort) => void;
}) {
  const id = useId();
  return (
    <HStack gap="2" flex={{ base: '1', sm: 'none' }} minW="0">
      {/* On the narrowest phones the chosen order needs the room: the label is then the select's
          own name. */}
      <Text asChild fontSize="sm" whiteSpace="nowrap" display={{ base: 'none', sm: 'block' }}>
        <label htmlFor={id}>Sort by</label>
      </Text>
      <NativeSelect.Root size="sm" w={{ base: 'full', sm: 'auto' }}>
        <NativeSelect.Field
          id={id}
          aria-label="Sort by"
          value={sort}
          onChange={(event) => onSort(event.currentTarget.value as CarSort)}
        >
          {sortsFor(near).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}

/** What the API said of a field of a search it refused (`querystring.near`: "Unknown place"). */
const problemWith = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError && error.status === 400
    ? error.fieldErrors.find((problem) => problem.field === `querystring.${field}`)?.message
    : undefined;

/** The cars found, or why there are none: refused, failed, loading, or nothing matches. */
function SearchResults({ search, emptyText }: { search: CarSearch; emptyText: string }) {
  const { data, list, changing, searching, activeCount, clear } = search;
  if (!data && list.isError) {
    const problems = list.error instanceof ApiError ? list.error.fieldErrors : [];
    return list.error instanceof ApiError && list.error.status === 400 ? (
      <Stack gap="3" align="flex-start">
        <Text color="fg.error">This search could not be run.</Text>
        {problems.map((problem) => (
          <Text key={problem.field} fontSize="sm">
            {problem.field.replace(/^querystring\./, '')}: {problem.message}
          </Text>
        ))}
        <Button size="sm" variant="outline" onClick={clear}>
          Clear filters
        </Button>
      </Stack>
    ) : (
      <Text color="fg.error">The cars could not be loaded.</Text>
    );
  }
  if (!data) return <LoadingCars />;
  if (data.items.length > 0) {
    return (
      <Box aria-busy={changing} opacity={changing ? 0.6 : 1} transition="opacity 0.2s">
        <CarGrid cars={data.items} first />
      </Box>
    );
  }
  if (searching) {
    return (
      <EmptyState.Root size="sm" borderWidth="1px" borderRadius="lg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuSearchX />
          </EmptyState.Indicator>
          <Stack textAlign="center" gap="1">
            <EmptyState.Title>No cars match this search</EmptyState.Title>
            <EmptyState.Description>Try fewer filters or other words.</EmptyState.Description>
          </Stack>
          {activeCount > 0 ? (
            <Button size="sm" colorPalette="teal" onClick={clear}>
              Clear filters
            </Button>
          ) : null}
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return <Text color="fg.muted">{emptyText}</Text>;
}

/** Above the results: the count and a fetch under way; the phone's Filters button; the sort. */
function ResultsBar({ search, onOpenFilters }: { search: CarSearch; onOpenFilters: () => void }) {
  const { count, list, data, activeCount, state, change } = search;
  return (
    <Flex justify="space-between" align="center" gap="3" wrap="wrap">
      <HStack gap="3" minH="8">
        {count ? (
          <Text fontWeight="semibold" aria-live="polite">
            {count}
          </Text>
        ) : (
          <Skeleton h="5" w="20" />
        )}
        {list.isFetching && data ? (
          <HStack role="status" gap="2">
            <Spinner size="sm" color="teal.500" aria-hidden="true" />
            <VisuallyHidden>Loading cars</VisuallyHidden>
          </HStack>
        ) : null}
      </HStack>
      <HStack gap="3" w={{ base: 'full', sm: 'auto' }}>
        <Button
          size="sm"
          variant="outline"
          display={{ base: 'inline-flex', md: 'none' }}
          onClick={onOpenFilters}
        >
          <LuSlidersHorizontal /> Filters{activeCount > 0 ? ` (${activeCount})` : ''}
        </Button>
        <SortSelect
          sort={state.sort}
          near={state.filters.near}
          onSort={(sort) => change((from) => withSort(from, sort))}
        />
      </HStack>
    </Flex>
  );
}

/**
 * The keywords of the search, in reach on a phone, where the top bar's search box is in its menu:
 * a new search's words replace the old ones, the other filters stay.
 */
function KeywordBox({ words, onSearch }: { words: string; onSearch: (words: string) => void }) {
  const id = useId();
  return (
    <HStack
      as="form"
      role="search"
      aria-label="Search these cars"
      gap="2"
      display={{ base: 'flex', md: 'none' }}
      onSubmit={(event) => {
        event.preventDefault();
        const field = (event.target as HTMLFormElement).elements.namedItem('q');
        onSearch(field instanceof HTMLInputElement ? field.value.trim() : '');
      }}
    >
      <VisuallyHidden asChild>
        <label htmlFor={id}>Keywords</label>
      </VisuallyHidden>
      <PlainInput
        key={words}
        id={id}
        name="q"
        type="search"
        defaultValue={words}
        placeholder="Search make, model or place"
        flex="1"
      />
      <IconButton type="submit" aria-label="Search" colorPalette="teal">
        <LuSearch />
      </IconButton>
    </HStack>
  );
}

/** Previous and Next, once there is more than one page. */
function Pager({ search }: { search: CarSearch }) {
  const { page, pages, hasNext, hasPrevious, nextLink, turnTo } = search;
  if (!(page > 1 || hasNext)) return null;
  return (
    <HStack as="nav" aria-label="Pages" justify="center" gap="4" mt="6">
      <Button
        variant="outline"
        size="sm"
        disabled={!hasPrevious}
        onClick={() => turnTo(previousPage)}
      >
        Previous
      </Button>
      <Text fontSize="sm">
        Page {page}
        {pages ? ` of ${pages}` : ''}
      </Text>
      <Button
        variant="outline"
        size="sm"
        disabled={!hasNext}
        onClick={() => turnTo((from) => (nextLink ? nextPage(from, nextLink) : undefined))}
      >
        Next
      </Button>
    </HStack>
  );
}

/** The filter panel on phones, in a drawer from the start edge. */
function FiltersDrawer({
  open,
  onOpenChange,
  count,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: string | undefined;
  children: ReactNode;
}) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(event) => onOpenChange(event.open)}
      placement="start"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Filter cars</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            <Drawer.Footer>
              <Button colorPalette="teal" w="full" onClick={() => onOpenChange(false)}>
                {count ? `Show ${count}` : 'Show cars'}
              </Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the filters" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/**
 * All cars, or a category's, as a search: the filter panel (a drawer on phones), the sort, the
 * count, the active filters as chips, and pages. Everything lives in the address bar. Without a
 * filter or a sort it is the plain list, booked cars included after the bookable ones, with
 * numbered pages.
 */
export function CarSearchPage({
  heading,
  category,
  emptyText,
}: {
  heading: ReactNode;
  /** A category's page: the category is the path's and is not a filter. */
  category?: string;
  /** What the plain list says when there is no car at all. */
  emptyText: string;
}) {
  const search = useCarSearch(category);
  const { state, facets, filter, count } = search;
  const [drawerOpen, setDrawerOpen] = useState(false);

  const panel = (columns?: Record<string, number>) => (
    <FilterPanel
      filters={state.filters}
      facets={facets.data}
      fixedCategory={category !== undefined}
      nearProblem={problemWith(search.list.error, 'near')}
      onChange={filter}
      columns={columns}
    />
  );

  return (
    <Stack gap="6">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        {heading}
        <SaveSearchButton state={state} {...(category === undefined ? {} : { category })} />
      </Flex>
      <Flex direction={{ base: 'column', lg: 'row' }} gap={{ base: '6', lg: '8' }} align="stretch">
        <Box
          as="aside"
          aria-label="Filters"
          display={{ base: 'none', md: 'block' }}
          w={{ lg: '60' }}
          flexShrink={0}
          alignSelf="flex-start"
        >
          {panel({ base: 1, md: 3, lg: 1 })}
        </Box>
        <Stack gap="4" flex="1" minW="0">
          {/* The cars' headings sit under this one, on a phone too, where the filters' heading
              is in the drawer. */}
          <VisuallyHidden as="h2">Results</VisuallyHidden>
          {/* On a phone the words, Filters and Sort stay at the top as the cars scroll, under
              the site's header (which stays too) and its 1px edge. */}
          <Stack
            gap="3"
            position={{ base: 'sticky', md: 'static' }}
            top={`calc(${HEADER_HEIGHT_REM}rem + 1px)`}
            zIndex={{ base: 'sticky', md: 'auto' }}
            bg="bg"
            py={{ base: '2', md: '0' }}
          >
            <KeywordBox
              words={state.filters.q ?? ''}
              onSearch={(q) => filter({ q: q || undefined })}
            />
            <ResultsBar search={search} onOpenFilters={() => setDrawerOpen(true)} />
          </Stack>
          <ActiveFilters filters={state.filters} onChange={filter} />
          <SearchResults search={search} emptyText={emptyText} />
          <Pager search={search} />
        </Stack>
      </Flex>
      <FiltersDrawer open={drawerOpen} onOpenChange={setDrawerOpen} count={count}>
        {panel()}
      </FiltersDrawer>
    </Stack>
  );
}
