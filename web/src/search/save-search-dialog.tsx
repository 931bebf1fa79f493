import { Button, CloseButton, Dialog, Input, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { SaveSearchBody } from '@second-gear/features/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { saveSearch } from '../api/endpoints.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { applyFieldErrors } from '../components/form-errors.ts';
import { FormField } from '../components/form-field.tsx';
import { useCommand } from '../components/use-command.ts';
import { describeQuery, suggestedName } from './saved-search.ts';

// The name by the contract's rule; the query is the page's own, checked by the server.
const nameForm = SaveSearchBody.pick({ name: true });

/** Asks for a name (one made from the filters to start with) and saves the search under it. */
export default function SaveSearchDialog({
  query,
  onClose,
}: {
  query: string;
  onClose: () => void;
}) {
  const [open, setOpen] = useState(true);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(nameForm), defaultValues: { name: suggestedName(query) } });
  const save = useCommand<{ name: string }>({
    run: ({ name }) => saveSearch({ name, query }),
    success: 'Search saved',
    invalidate: [['saved-searches']],
    onSuccess: () => setOpen(false),
    onError: (error) => {
      applyFieldErrors(error, setError, ['name']);
      return true;
    },
  });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => setOpen(event.open)}
      onExitComplete={onClose}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Save this search</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))}>
                <Stack gap="4">
                  <Text fontSize="sm" color="fg.muted">
                    {describeQuery(query)}. You will hear when a new car matches it; your saved
                    searches are under{' '}
                    <Link asChild variant="underline">
                      <RouterLink to="/user/searches">Saved searches</RouterLink>
                    </Link>
                    .
                  </Text>
                  <FormField label="Name" required error={errors.name?.message}>
                    <Input {...register('name')} />
                  </FormField>
                  <FormAlert message={errors.root?.server?.message} />
                  <Button type="submit" colorPalette="teal" loading={save.isPending}>
                    Save search
                  </Button>
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
