import { Button, HStack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useId, useState } from 'react';
import { LuBookmarkPlus } from 'react-icons/lu';
import { useAuth } from '../auth/auth-context.tsx';
import { canSave, savedQuery } from './saved-search.ts';
import type { SearchState } from './search-state.ts';

// The form (and the schema library with it) comes when the dialog first opens.
const SaveSearchDialog = lazy(() => import('./save-search-dialog.tsx'));

/** Save search, for a signed-in user: the search in the address bar, under a name. */
export function SaveSearchButton({ state, category }: { state: SearchState; category?: string }) {
  const { status } = useAuth();
  const [open, setOpen] = useState(false);
  const hintId = useId();
  if (status !== 'signed-in') return null;
  const saveable = canSave(state, category);
  return (
    <HStack gap="3" wrap="wrap">
      {saveable ? null : (
        <Text id={hintId} fontSize="sm" color="fg.muted">
          Choose a filter to save this search
        </Text>
      )}
      <Button
        size="sm"
        variant="outline"
        colorPalette="teal"
        disabled={!saveable}
        aria-describedby={saveable ? undefined : hintId}
        onClick={() => setOpen(true)}
      >
        <LuBookmarkPlus /> Save search
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SaveSearchDialog query={savedQuery(state, category)} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </HStack>
  );
}
