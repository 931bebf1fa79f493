import { Badge, Button, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ApiKeyRecord, ApiKeyScope, IssueApiKeyBody } from '@second-gear/features/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { formatDateTime } from '../../components/dates.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { applyFieldErrors } from '../../components/form-errors.ts';
import { FormField } from '../../components/form-field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { useCommand } from '../../components/use-command.ts';
import { useConfirmedCommand } from '../../components/use-confirmed-command.ts';
import { usePagedQuery } from '../../components/use-paged-query.ts';
import { ChoiceList } from '../../integrations/choice-list.tsx';
import { getApiKeys, issueApiKey, revokeApiKey } from '../../integrations/integration-api.ts';
import { ShownOnceDialog } from '../../integrations/shown-once.tsx';

type Row = ApiKeyRecord & { _id: string };

/** Issue a key: its name and scopes; the key itself goes to `onIssued`, to be shown once. */
function IssueKeyForm({ onIssued }: { onIssued: (key: string) => void }) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(IssueApiKeyBody),
    defaultValues: { name: '', scopes: ['feed:read'] as (typeof ApiKeyScope.options)[number][] },
  });
  const issue = useCommand({
    run: issueApiKey,
    invalidate: [['api-keys']],
    onSuccess: (answer) => {
      reset();
      onIssued(answer.key);
    },
    onError: (error) => {
      applyFieldErrors(error, setError, ['name', 'scopes']);
      return true;
    },
  });
  return (
    <form noValidate onSubmit={handleSubmit((body) => issue.mutate(body))}>
      <Stack gap="4" borderWidth="1px" borderRadius="lg" p="4">
        <Text fontWeight="semibold">Issue a key</Text>
        <FormField label="Name" required error={errors.name?.message}>
          <Input {...register('name')} placeholder="Who it is for" />
        </FormField>
        <FormField label="Scopes" error={errors.scopes?.message}>
          <Controller
            control={control}
            name="scopes"
            render={({ field }) => (
              <ChoiceList
                options={ApiKeyScope.options}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </FormField>
        <FormAlert message={errors.root?.server?.message} />
        <HStack>
          <Button type="submit" colorPalette="teal" loading={issue.isPending}>
            Issue key
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function ApiKeysTable({
  rows,
  loading,
  onRevoke,
}: {
  rows: Row[];
  loading: boolean;
  onRevoke: (key: Row) => void;
}) {
  return (
    <DataTable<Row>
      caption="API keys"
      loading={loading}
      rows={rows}
      rowKey={(key) => key.id}
      empty="No key has been issued yet."
      columns={[
        {
          header: 'Name',
          card: 'title',
          wraps: true,
          cell: (key) => (
            <>
              <Text>{key.name}</Text>
              <Text fontSize="xs" color="fg.muted">
                by {key.createdBy}
              </Text>
            </>
          ),
        },
        { header: 'Key', cell: (key) => <Text fontFamily="mono">{key.prefix}…</Text> },
        { header: 'Scopes', cell: (key) => key.scopes.join(', ') },
        { header: 'Issued', cell: (key) => formatDateTime(key.createdAt) },
        {
          header: 'Last used',
          cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never'),
        },
        {
          header: 'Action',
          card: 'actions',
          cell: (key) =>
            key.revokedAt ? (
              <Badge colorPalette="red">Revoked</Badge>
            ) : (
              <Button
                size="xs"
                colorPalette="red"
                variant="outline"
                onClick={() => onRevoke(key)}
                aria-label={`Revoke ${key.name}`}
              >
                Revoke
              </Button>
            ),
        },
      ]}
    />
  );
}

/** Admins issue integrators' API keys (shown once), see when each was last used, revoke them. */
export default function ApiKeysPage() {
  usePageTitle('API keys');
  const [shown, setShown] = useState<string | null>(null);
  const { data, isPending, page, setPage } = usePagedQuery(['api-keys'], getApiKeys);
  const revoke = useConfirmedCommand<Row, unknown>({
    run: revokeApiKey,
    success: 'Key revoked',
    invalidate: [['api-keys']],
  });
  const rows: Row[] = data?.items.map((key) => ({ ...key, _id: key.id })) ?? [];

  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        API keys
      </Heading>
      <IssueKeyForm onIssued={setShown} />
      <ApiKeysTable rows={rows} loading={isPending} onRevoke={revoke.ask} />
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
      <ShownOnceDialog title="The new API key" value={shown} onClose={() => setShown(null)} />
      <ConfirmDialog
        {...revoke.dialog}
        title="Revoke this key?"
        description={`${revoke.selected?.name ?? 'The key'} will be refused from now on.`}
        confirmLabel="Revoke"
      />
    </Stack>
  );
}
