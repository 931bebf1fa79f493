import {
  Box,
  Button,
  CloseButton,
  Drawer,
  EmptyState,
  Flex,
  HStack,
  NativeSelect,
  Portal,
  Skeleton,
  Spinner,
  Stack,
  Tag,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { CarSort } from '@second-gear/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { LuSearchX, LuSlidersHorizontal } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZE } from '../api/endpoints.ts';
import { ApiError } from '../api/http.ts';
import { carFacetsQuery, carSearchQuery } from '../api/queries.ts';
import { sortLabels } from '../components/car-facts.ts';
import { CarGrid, CarGridSkeleton } from '../components/car-grid.tsx';
import { clearAll, FilterPanel } from './filter-panel.tsx';
import { SaveSearchButton } from './save-search-button.tsx';
import {
  carCount,
  filterChips,
  isSearching,
  listRequest,
  nextPage,
  pageNumber,
  previousPage,
  readSearch,
  type SearchFilters,
  type SearchState,
  withFilters,
  withSort,
  writeSearch,
} from './search-state.ts';

/**
 * The search in the address bar. `change` makes another search a new step of the history; it
 * starts from the search last asked for, so a second change made before the page has caught up
 * with the first keeps both.
 */
function useSearchState(fixedCategory: string | undefined) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => {
    const read = readSearch(params);
    // A category's page searches within the category of its path.
    if (fixedCategory !== undefined) delete read.filters.category;
    return read;
  }, [params, fixedCategory]);
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  }, [state]);
  const change = (how: (from: SearchState) => SearchState | undefined) => {
    const from = latest.current;
    const next = how(from);
    if (!next) return false;
    const nextParams = writeSearch(next);
    if (nextParams.toString() === writeSearch(from).toString()) return false;
    latest.current = next;
    // Committed before the next event is handled: the router's updates run in a transition
    // otherwise, and a render of an earlier change could then hand a later one a stale start.
    setParams(nextParams, { flushSync: true });
    return true;
  };
  return { state, change };
}

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

function SortSelect({ sort, onSort }: { sort: CarSort; onSort: (sort: CarSort) => void }) {
  const id = useId();
  return (
    <HStack gap="2">
      <Text asChild fontSize="sm" whiteSpace="nowrap">
        <label htmlFor={id}>Sort by</label>
      </Text>
      <NativeSelect.Root size="sm" w="auto">
        <NativeSelect.Field
          id={id}
          value={sort}
          onChange={(event) => onSort(event.currentTarget.value as CarSort)}
        >
          {Object.entries(sortLabels).map(([value, label]) => (
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

/**
 * All cars, or a category's, as a search: the filter panel (a drawer on phones), the sort, the
 * count, the active filters as chips, and pages. Everything lives in the address bar. Without a
 * filter or a sort it is the plain list, booked cars included, with numbered pages.
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
  const { state, change } = useSearchState(category);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const searching = isSearching(state);
  const request = listRequest(state);
  const list = useQuery({
    ...carSearchQuery(request, category),
    placeholderData: keepPreviousData,
  });
  const facetFilters: SearchFilters =
    category === undefined ? state.filters : { ...state.filters, category };
  const facets = useQuery({
    ...carFacetsQuery(facetFilters),
    placeholderData: keepPreviousData,
    meta: { quiet: true },
  });

  const data = list.data;
  const changing = list.isPlaceholderData;
  const filter = (changes: Partial<SearchFilters>) => change((from) => withFilters(from, changes));
  const clear = () => change((from) => withFilters(from, clearAll(from.filters)));
  const nextLink = changing ? undefined : data?.next;
  // Pages turn from the page on screen: a change still on its way makes a new first page.
  const turnTo = (how: (from: SearchState) => SearchState | undefined) => {
    if (change((from) => (from === state ? how(from) : undefined))) window.scrollTo({ top: 0 });
  };
  const hasNext = nextLink !== undefined && nextPage(state, nextLink) !== undefined;
  const hasPrevious = !changing && previousPage(state) !== undefined;
  const page = pageNumber(state);
  const activeCount = Object.keys(state.filters).length;
  const count = data ? carCount(data.total, data.estimated) : undefined;

  const panel = (columns?: Record<string, number>) => (
    <FilterPanel
      filters={state.filters}
      facets={facets.data}
      fixedCategory={category !== undefined}
      onChange={filter}
      columns={columns}
    />
  );

  let results: ReactNode;
  if (!data && list.isError) {
    const problems = list.error instanceof ApiError ? list.error.fieldErrors : [];
    results =
      list.error instanceof ApiError && list.error.status === 400 ? (
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
  } else if (!data) {
    results = <LoadingCars />;
  } else if (data.items.length > 0) {
    results = (
      <Box aria-busy={changing} opacity={changing ? 0.6 : 1} transition="opacity 0.2s">
        <CarGrid cars={data.items} first />
      </Box>
    );
  } else if (searching) {
    results = (
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
  } else {
    results = <Text color="fg.muted">{emptyText}</Text>;
  }

  const pages = !searching && data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : undefined;

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
            <HStack gap="3">
              <Button
                size="sm"
                variant="outline"
                display={{ base: 'inline-flex', md: 'none' }}
                onClick={() => setDrawerOpen(true)}
              >
                <LuSlidersHorizontal /> Filters{activeCount > 0 ? ` (${activeCount})` : ''}
              </Button>
              <SortSelect
                sort={state.sort}
                onSort={(sort) => change((from) => withSort(from, sort))}
              />
            </HStack>
          </Flex>
          <ActiveFilters filters={state.filters} onChange={filter} />
          {results}
          {page > 1 || hasNext ? (
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
          ) : null}
        </Stack>
      </Flex>
      <Drawer.Root
        open={drawerOpen}
        onOpenChange={(event) => setDrawerOpen(event.open)}
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
              <Drawer.Body>{panel()}</Drawer.Body>
              <Drawer.Footer>
                <Button colorPalette="teal" w="full" onClick={() => setDrawerOpen(false)}>
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
    </Stack>
  );
}
