import { Box, IconButton } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import { useLocation, useNavigate } from 'react-router-dom';
import { PlainInput } from '../components/plain-input.tsx';
import { useTypedEarly } from '../components/use-typed-early.ts';
import { searchHref } from '../search/search-state.ts';

/**
 * The search box of the top bar: the words go to All Cars as a new search (`/products?q=`).
 * On All Cars it shows the words of the search on screen.
 */
export function HeaderSearch({ onSearch }: { onSearch?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const current =
    location.pathname === '/products'
      ? (new URLSearchParams(location.search).get('q') ?? '')
      : undefined;
  const [text, setText] = useState(current ?? '');
  useEffect(() => {
    if (current !== undefined) setText(current);
  }, [current]);
  const box = useTypedEarly(text, setText);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    navigate(searchHref(q ? { q } : {}));
    onSearch?.();
  };

  return (
    <Box as="form" role="search" aria-label="Car search" onSubmit={submit} display="flex" gap="1">
      <PlainInput
        ref={box}
        type="search"
        size="sm"
        aria-label="Search cars"
        placeholder="Search make, model or place"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        enterKeyHint="search"
      />
      <IconButton type="submit" size="sm" aria-label="Search" colorPalette="teal" variant="outline">
        <LuSearch />
      </IconButton>
    </Box>
  );
}
