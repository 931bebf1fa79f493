import { Badge, Button, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  carFeedEventTypes,
  RegisterWebhookBody,
  ReplayWebhookBody,
  type WebhookRecord,
} from '@second-gear/features/contract';
import { type ReactNode, useState } from 'react';
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
import {
  deleteWebhook,
  getWebhookDeliveries,
  getWebhooks,
  pauseWebhook,
  registerWebhook,
  replayWebhook,
  resumeWebhook,
} from '../../integrations/integration-api.ts';
import { ShownOnceDialog } from '../../integrations/shown-once.tsx';

type Row = WebhookRecord & { _id: string };
type EventType = (typeof carFeedEventTypes)[number];

const statusColour = { active: 'green', paused: 'gray', failing: 'red' } as const;

/** Register an endpoint; its signing secret is shown once. */
function RegisterForm({ onSecret }: { onSecret: (secret: string) => void }) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RegisterWebhookBody),
    defaultValues: { url: '', types: ['CarListed'] as EventType[], description: '' },
  });
  const add = useCommand({
    run: registerWebhook,
    invalidate: [['webhooks']],
    onSuccess: (answer) => {
      reset();
      onSecret(answer.secret);
    },
    onError: (error) => {
      applyFieldErrors(error, setError, ['url', 'types', 'description']);
      return true;
    },
  });
  return (
    <form noValidate onSubmit={handleSubmit((body) => add.mutate(body))}>
      <Stack gap="4" borderWidth="1px" borderRadius="lg" p="4">
        <Text fontWeight="semibold">Register an endpoint</Text>
        <FormField label="URL" required error={errors.url?.message}>
          <Input {...register('url')} placeholder="https://hooks.example.com/second-gear" />
        </FormField>
        <FormField label="Car events" error={errors.types?.message}>
          <Controller
            control={control}
            name="types"
            render={({ field }) => (
              <ChoiceList
                options={carFeedEventTypes}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </FormField>
        <FormField label="Description" error={errors.description?.message}>
          <Input {...register('description')} />
        </FormField>
        <FormAlert message={errors.root?.server?.message} />
        <HStack>
          <Button type="submit" colorPalette="teal" loading={add.isPending}>
            Register
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** An endpoint's delivery attempts, newest first, and a replay from a position. */
function Deliveries({ webhook }: { webhook: WebhookRecord }) {
  const { data, isPending, page, setPage } = usePagedQuery(
    ['webhooks', 'deliveries', webhook.id],
    (p) => getWebhookDeliveries(webhook.id, p),
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ReplayWebhookBody), defaultValues: { fromPosition: '' } });
  const replay = useCommand({
    run: ({ fromPosition }: { fromPosition: string }) => replayWebhook(webhook.id, fromPosition),
    success: 'Replay requested',
    invalidate: [['webhooks']],
    onError: (error) => {
      applyFieldErrors(error, setError, ['fromPosition']);
      return true;
    },
  });
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        Deliveries to {webhook.url}
      </Heading>
      <form noValidate onSubmit={handleSubmit((body) => replay.mutate(body))}>
        <HStack align="end" gap="3" wrap="wrap">
          <FormField label="Replay after position" error={errors.fromPosition?.message}>
            <Input {...register('fromPosition')} inputMode="numeric" w="12rem" />
          </FormField>
          <Button type="submit" variant="outline" loading={replay.isPending}>
            Replay
          </Button>
        </HStack>
        <FormAlert message={errors.root?.server?.message} />
      </form>
      <DataTable<NonNullable<typeof data>['items'][number]>
        caption={`Deliveries to ${webhook.url}`}
        loading={isPending}
        rows={data?.items}
        rowKey={(d) => `${d.messageId}:${d.attempt}:${d.at}`}
        empty="Nothing has been sent yet."
        columns={[
          { header: 'When', card: 'title', cell: (d) => formatDateTime(d.at) },
          {
            header: 'Message',
            cell: (d) => (
              <Text as="span" fontFamily="mono" fontSize="xs">
                {d.messageId}
                {d.replay ? <Badge ms="2">replay</Badge> : null}
              </Text>
            ),
          },
          { header: 'Event', cell: (d) => `${d.eventType} at ${d.position}` },
          { header: 'Attempt', cell: (d) => d.attempt },
          {
            header: 'Answer',
            wraps: true,
            cell: (d) => (
              <Text as="span" title={d.response}>
                <Badge colorPalette={d.ok ? 'green' : 'red'}>{d.statusCode ?? 'no answer'}</Badge>{' '}
                {d.error ?? d.response.slice(0, 80)}
              </Text>
            ),
          },
          { header: 'Latency', cell: (d) => `${d.latencyMs} ms` },
          {
            header: 'Next attempt',
            cell: (d) => (d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : ''),
          },
        ]}
      />
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
    </Stack>
  );
}

/** The endpoints, each with its status, last delivery and `actions`. */
function WebhooksTable({
  rows,
  loading,
  actions,
}: {
  rows: Row[];
  loading: boolean;
  actions: (hook: Row) => ReactNode;
}) {
  return (
    <DataTable<Row>
      caption="Webhook endpoints"
      loading={loading}
      rows={rows}
      rowKey={(hook) => hook.id}
      empty="No webhook is registered."
      columns={[
        {
          header: 'Endpoint',
          card: 'title',
          wraps: true,
          cell: (hook) => (
            <>
              <Text overflowWrap="anywhere">{hook.url}</Text>
              <Text fontSize="xs" color="fg.muted">
                {hook.description || `by ${hook.createdBy}`}
              </Text>
            </>
          ),
        },
        {
          header: 'Events',
          wraps: true,
          cell: (hook) => <Text fontSize="xs">{hook.types.join(', ')}</Text>,
        },
        {
          header: 'Status',
          cell: (hook) => (
            <>
              <Badge colorPalette={statusColour[hook.status]}>{hook.status}</Badge>
              {hook.pending > 0 ? (
                <Text fontSize="xs" color="fg.muted">
                  {hook.pending} waiting
                </Text>
              ) : null}
            </>
          ),
        },
        {
          header: 'Last delivery',
          cell: (hook) =>
            hook.lastDelivery
              ? `${formatDateTime(hook.lastDelivery.at)}: ${
                  hook.lastDelivery.statusCode ?? hook.lastDelivery.error ?? ''
                }`
              : 'none yet',
        },
        { header: 'Actions', card: 'actions', cell: actions },
      ]}
    />
  );
}

/** Admins register webhook endpoints, watch their deliveries, pause, resume, replay, delete. */
export default function WebhooksPage() {
  usePageTitle('Webhooks');
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<WebhookRecord | null>(null);
  const { data, isPending, page, setPage } = usePagedQuery(['webhooks', 'list'], getWebhooks);
  const toggle = useCommand({
    run: (row: WebhookRecord) =>
      row.status === 'paused' ? resumeWebhook(row.id) : pauseWebhook(row.id),
    invalidate: [['webhooks']],
  });
  const removal = useConfirmedCommand<Row, unknown>({
    run: deleteWebhook,
    success: 'Webhook deleted',
    invalidate: [['webhooks']],
  });
  const rows: Row[] = data?.items.map((hook) => ({ ...hook, _id: hook.id })) ?? [];

  const actions = (hook: Row) => (
    <HStack gap="2" wrap="wrap">
      <Button size="xs" variant="outline" onClick={() => setOpen(hook)}>
        Deliveries
      </Button>
      <Button
        size="xs"
        variant="outline"
        loading={toggle.isPending && toggle.variables?.id === hook.id}
        onClick={() => toggle.mutate(hook)}
      >
        {hook.status === 'paused' ? 'Resume' : 'Pause'}
      </Button>
      <Button
        size="xs"
        colorPalette="red"
        variant="outline"
        onClick={() => removal.ask(hook)}
        aria-label={`Delete ${hook.url}`}
      >
        Delete
      </Button>
    </HStack>
  );

  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        Webhooks
      </Heading>
      <RegisterForm onSecret={setSecret} />
      <WebhooksTable rows={rows} loading={isPending} actions={actions} />
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
      {open ? <Deliveries key={open.id} webhook={open} /> : null}
      <ShownOnceDialog
        title="The endpoint's signing secret"
        value={secret}
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        {...removal.dialog}
        title="Delete this webhook?"
        description={`${removal.selected?.url ?? 'It'} will get nothing more; its waiting messages are dropped.`}
        confirmLabel="Delete"
      />
    </Stack>
  );
}
