// Text typed into a server-rendered box before the browser takes the page over: React keeps it
// on screen, and the box's state takes it too, so that it is suggested for and applied as if
// typed after. The page is rendered to a string, the text set as a visitor's keys would set it,
// and the page hydrated over it; the network is stubbed at fetch (see harness.tsx).

import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../src/app/theme.ts';
import { PlaceInput } from '../src/components/place-input.tsx';
import { HeaderSearch } from '../src/layouts/header-search.tsx';
import { FilterPanel } from '../src/search/filter-panel.tsx';
import type { SearchFilters } from '../src/search/search-state.ts';
import { json, stubApi } from './harness.tsx';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

const withProviders = (children: ReactNode) => (
  <ChakraProvider value={system}>
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {children}
    </QueryClientProvider>
  </ChakraProvider>
);

/** The page as the server sent it; `typeEarly` types into it before the browser takes it over. */
async function takeOver(page: () => ReactNode, typeEarly: (container: HTMLElement) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(withProviders(page()));
  document.body.append(container);
  typeEarly(container);
  await act(async () => {
    root = hydrateRoot(container, withProviders(page()), { onRecoverableError: () => {} });
  });
  return container;
}

/** Typing as a browser does into a box React does not yet listen to: the value, no event heard. */
const typeInto = (box: HTMLInputElement, text: string) => {
  box.focus();
  box.value = text;
};

function PlaceBox() {
  const [text, setText] = useState('');
  return (
    <>
      <label htmlFor="place">Near</label>
      <PlaceInput id="place" value={text} onValueChange={setText} />
      <output>{text}</output>
    </>
  );
}

/** Where the app is: the path and the query. */
function Address() {
  const location = useLocation();
  return <output>{`${location.pathname}${location.search}`}</output>;
}

describe('Text typed before the page is taken over', () => {
  it('is the place box’s text, and its places are suggested', async () => {
    stubApi({
      'GET /api/places': json([{ label: 'Boulder, CO', latitude: 40.015, longitude: -105.27 }]),
    });
    const page = await takeOver(
      () => <PlaceBox />,
      (container) => typeInto(within(container).getByLabelText('Near'), 'Boul'),
    );
    expect(page.querySelector('output')?.textContent).toBe('Boul');
    const suggestions = await screen.findByRole('listbox', { name: 'Suggested places' });
    await waitFor(() => expect(within(suggestions).getByRole('option')).toBeVisible());
    expect(within(suggestions).getByRole('option').textContent).toContain('Boulder, CO');
  });

  it('is applied from a filter’s box on Enter', async () => {
    stubApi({});
    const applied: Partial<SearchFilters>[] = [];
    const panel = () => (
      <FilterPanel filters={{}} facets={undefined} onChange={(change) => applied.push(change)} />
    );
    const page = await takeOver(panel, (container) =>
      typeInto(within(container).getByLabelText('Location'), 'Boulder'),
    );
    fireEvent.keyDown(within(page).getByLabelText('Location'), { key: 'Enter' });
    expect(applied).toEqual([{ location: 'Boulder' }]);
  });

  it('is searched for from the top bar', async () => {
    const page = await takeOver(
      () => (
        <MemoryRouter initialEntries={['/']}>
          <HeaderSearch />
          <Address />
        </MemoryRouter>
      ),
      (container) => typeInto(within(container).getByLabelText('Search cars'), 'corolla'),
    );
    fireEvent.submit(within(page).getByRole('search', { name: 'Car search' }));
    expect(page.querySelector('output')?.textContent).toBe('/products?q=corolla');
  });
});
