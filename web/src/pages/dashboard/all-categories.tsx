import {
  Button,
  CloseButton,
  Dialog,
  Heading,
  HStack,
  Input,
  Portal,
  Stack,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type CategoryRecord, CreateCategoryBody } from '@second-gear/features/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { addCategory, deleteCategory, getCategories } from '../../api/endpoints.ts';
import { ConfirmDeleteDialog } from '../../components/confirm-dialog.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { applyFieldErrors } from '../../components/form-errors.ts';
import { FormField } from '../../components/form-field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { useCommand } from '../../components/use-command.ts';
import { useConfirmedDelete } from '../../components/use-confirmed-delete.ts';
import { usePagedQuery } from '../../components/use-paged-query.ts';

export function AddCategoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(CreateCategoryBody), defaultValues: { name: '' } });
  const add = useCommand<string>({
    run: addCategory,
    success: 'Category Added Successfully!',
    invalidate: [['categories']],
    onSuccess: () => {
      reset();
      onClose();
    },
    onError: (error) => {
      applyFieldErrors(error, setError, CreateCategoryBody.keyof().options);
      return true;
    },
  });
  return (
    <Dialog.Root
      open={open}
      // Closed, the form starts again: no name or refusal is left for the next time.
      onOpenChange={(e) => {
        if (e.open) return;
        reset();
        onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Add Category</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <form noValidate onSubmit={handleSubmit(({ name }) => add.mutate(name))}>
                <Stack gap="4">
                  <FormField label="Category Name" required error={errors.name?.message}>
                    <Input {...register('name')} />
                  </FormField>
                  <FormAlert message={errors.root?.server?.message} />
                  <Button type="submit" colorPalette="teal" loading={add.isPending}>
                    Add Category
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

export default function AllCategoriesPage() {
  usePageTitle('All Categories');
  const [adding, setAdding] = useState(false);
  const { data, isPending, page, setPage, offset } = usePagedQuery(['categories'], getCategories);
  const removal = useConfirmedDelete<CategoryRecord>({
    run: deleteCategory,
    success: 'Item Deleted Successfully!',
    invalidate: [['categories']],
  });
  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="3xl">
          All Categories
        </Heading>
        <Button colorPalette="teal" onClick={() => setAdding(true)}>
          Add Category
        </Button>
      </HStack>
      <DataTable
        caption="Categories"
        rows={data?.items}
        rowKey={(category) => category._id}
        loading={isPending}
        empty="There are no categories yet."
        columns={[
          { header: '#', card: 'number', cell: (_, index) => offset + index + 1 },
          { header: 'Name', card: 'title', cell: (category) => category.name },
          {
            header: 'Action',
            card: 'actions',
            cell: (category) => (
              <Button
                size="xs"
                colorPalette="red"
                variant="outline"
                onClick={() => removal.ask(category)}
                aria-label={`Delete ${category.name}`}
              >
                Delete
              </Button>
            ),
          },
        ]}
      />
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
      <AddCategoryDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDeleteDialog {...removal.dialog} />
    </Stack>
  );
}
