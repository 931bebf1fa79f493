import {
  Badge,
  Box,
  Button,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { AuditEntry } from '@second-gear/features/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { type AuditFilters, getAudit } from '../../api/endpoints.ts';
import { DataTable } from '../../components/data-table.tsx';
import { FormField } from '../../components/form-field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { actorOf, formatDetails, formatWhen } from './audit-entries.ts';

const eventTypes = [
  'UserRegistered',
  'UserBecameSeller',
  'UserPromotedToAdmin',
  'UserProfileChanged',
  'UserDeleted',
  'CategoryCreated',
  'CategoryDeleted',
  'CarListed',
  'CarAdvertised',
  'CarPriceChanged',
  'CarDetailsChanged',
  'CarPhotosChanged',
  'CarSold',
  'CarBooked',
  'BookingAccepted',
  'BookingDeclined',
  'BookingCancelled',
  'BookingEnded',
  'CarDeleted',
  'ApiKeyIssued',
  'ApiKeyRevoked',
  'WebhookEndpointRegistered',
  'WebhookEndpointPaused',
  'WebhookEndpointResumed',
  'WebhookEndpointDeleted',
  'WebhookReplayRequested',
  'WebhookEndpointFailing',
  'WebhookEndpointRecovered',
];

/** The filters as typed: text, or '' for any. */
type FilterForm = { [K in keyof AuditFilters]-?: string };
const empty: FilterForm = { actor: '', subject: '', subjectType: '', type: '' };

/** A blank filter is no filter. */
const set = (value: string) => value.trim() || undefined;

/** Where time travel shows a subject, after the event at `position` when given. */
const asItWas = (type: string, id: string, position?: string) =>
  `/user/audit/${encodeURIComponent(type)}/${encodeURIComponent(id)}${
    position ? `?position=${encodeURIComponent(position)}` : ''
  }`;

/** Time travel to a subject typed by hand: a car's history without finding it in the log. */
function OpenSubject() {
  const navigate = useNavigate();
  const { register, handleSubmit } = useForm({ defaultValues: { type: 'car', id: '' } });
  return (
    <Box
      as="form"
      aria-label="Open a subject's history"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      onSubmit={handleSubmit(({ type, id }) => {
        if (id.trim() !== '') navigate(asItWas(type, id.trim()));
      })}
    >
      <Text fontWeight="semibold" mb="3">
        Time travel: a car, user or category as it was
      </Text>
      <HStack gap="4" align="end" wrap="wrap">
        <FormField label="Type">
          <NativeSelect.Root w="auto">
            <NativeSelect.Field {...register('type')}>
              <option value="car">Car</option>
              <option value="user">User</option>
              <option value="category">Category</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Box flex="1" minW="14rem">
          <FormField label="Its id">
            <Input {...register('id')} autoComplete="off" />
          </FormField>
        </Box>
        <Button type="submit" colorPalette="teal" size="sm">
          Open its history
        </Button>
      </HStack>
    </Box>
  );
}

/** The log's filters; applying them, or clearing them, goes back to the first page. */
function AuditFilterForm({ onFilter }: { onFilter: (filters: AuditFilters) => void }) {
  const { register, handleSubmit, reset } = useForm<FilterForm>({ defaultValues: empty });
  return (
    <form
      aria-label="Filter the audit log"
      onSubmit={handleSubmit((values) => {
        onFilter({
          actor: set(values.actor),
          subject: set(values.subject),
          subjectType: set(values.subjectType) as AuditFilters['subjectType'],
          type: set(values.type),
        });
      })}
    >
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4" alignItems="end">
        <FormField label="Actor email">
          <Input type="search" {...register('actor')} />
        </FormField>
        <FormField label="Subject id">
          <Input type="search" {...register('subject')} />
        </FormField>
        <FormField label="Subject type">
          <NativeSelect.Root>
            <NativeSelect.Field {...register('subjectType')}>
              <option value="">Any</option>
              <option value="user">User</option>
              <option value="car">Car</option>
              <option value="category">Category</option>
              <option value="api-key">API key</option>
              <option value="webhook">Webhook</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Event type">
          <Input type="search" list="audit-event-types" {...register('type')} />
        </FormField>
      </SimpleGrid>
      <datalist id="audit-event-types">
        {eventTypes.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
      <HStack gap="3" mt="4">
        <Button type="submit" colorPalette="teal" size="sm">
          Apply filters
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            reset(empty);
            onFilter({});
          }}
        >
          Clear
        </Button>
      </HStack>
    </form>
  );
}

function AuditTable({ rows, loading }: { rows: AuditEntry[] | undefined; loading: boolean }) {
  return (
    <DataTable
      caption="Audit log entries"
      rows={rows}
      rowKey={(entry) => entry.id}
      loading={loading}
      empty="Nothing matches these filters."
      columns={[
        // Every column but the button's may wrap (the time after its date, the emails anywhere,
        // the details between their fields), so the six fit beside the dashboard's drawer.
        { header: 'When', wraps: true, cell: (entry) => formatWhen(entry.at) },
        {
          header: 'Actor',
          wraps: true,
          cell: (entry) => (
            <>
              <Text>{actorOf(entry.actor)}</Text>
              {entry.actor.role ? <Badge size="sm">{entry.actor.role}</Badge> : null}
            </>
          ),
        },
        { header: 'Action', wraps: true, cell: (entry) => entry.action },
        {
          header: 'Subject',
          card: 'title',
          wraps: true,
          cell: (entry) => (
            <>
              <Text>{entry.subject.label || entry.subject.id}</Text>
              <Text fontSize="xs" color="fg.muted" fontWeight="normal">
                {entry.subject.type}
              </Text>
            </>
          ),
        },
        {
          header: 'Details',
          wraps: true,
          cell: (entry) => formatDetails(entry.details),
          cellProps: { fontSize: 'xs', minW: '10rem' },
        },
        {
          header: 'Time travel',
          card: 'actions',
          // Time travel knows cars, users and categories; keys and webhooks have none.
          cell: (entry) =>
            entry.subject.type === 'api-key' || entry.subject.type === 'webhook' ? null : (
              <Button asChild size="xs" variant="outline">
                <RouterLink to={asItWas(entry.subject.type, entry.subject.id, entry.position)}>
                  As it was…
                  <Box as="span" srOnly>
                    {' '}
                    {entry.subject.label || entry.subject.id}, after this entry
                  </Box>
                </RouterLink>
              </Button>
            ),
        },
      ]}
    />
  );
}

export default function AuditLogPage() {
  usePageTitle('Audit Log');
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const { data, isPending } = useQuery({
    queryKey: ['audit', filters, page],
    queryFn: () => getAudit(filters, page),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        Audit Log
      </Heading>
      <Text color="fg.muted">Who did what to whom, newest first.</Text>
      <OpenSubject />
      <AuditFilterForm
        onFilter={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <AuditTable rows={data?.items} loading={isPending} />
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
    </Stack>
  );
}
