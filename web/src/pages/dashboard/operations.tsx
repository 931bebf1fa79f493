// The operations page, for admins: every projection and reactor with where it stands, how far
// behind it is, how fast it goes and what last went wrong, asked again every few seconds; and
// how to rebuild. Rates are the change in events applied between two looks.
import { Badge, Code, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { OpsStatus } from '@second-gear/features/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { getOpsStatus } from '../../api/endpoints.ts';
import { DataTable } from '../../components/data-table.tsx';
import { formatDateTime } from '../../components/dates.ts';
import { usePageTitle } from '../../components/page-title.ts';

/** How often the page looks again. */
export const OPS_REFRESH_MS = 3000;

type Projection = OpsStatus['projections'][number];
type Reactor = OpsStatus['reactors'][number];
type FailedDelivery = OpsStatus['failedDeliveries'][number];

/** "12 events, 3 s" behind, or "caught up". */
export function behindText({ lagEvents, lagEventsCapped, lagSeconds }: Projection | Reactor) {
  if (lagEvents === 0) return 'Caught up';
  const events = `${lagEventsCapped ? 'over ' : ''}${lagEvents.toLocaleString('en-US')} event${lagEvents === 1 ? '' : 's'}`;
  return `${events}, oldest ${Math.round(lagSeconds)} s`;
}

/** Events per second between two looks at a projection; undefined at the first look. */
export function rateOf(
  now: { at: string; eventsApplied: number },
  before: { at: string; eventsApplied: number } | undefined,
): number | undefined {
  if (!before) return undefined;
  const seconds = (Date.parse(now.at) - Date.parse(before.at)) / 1000;
  if (seconds <= 0) return undefined;
  return Math.max(0, (now.eventsApplied - before.eventsApplied) / seconds);
}

function Health({ label, palette }: { label: string; palette: 'green' | 'orange' | 'red' }) {
  return (
    <Badge colorPalette={palette} variant="subtle">
      {label}
    </Badge>
  );
}

const projectionHealth = (p: Projection) =>
  p.refused ? (
    <Health label="Stopped" palette="red" />
  ) : p.parked > 0 ? (
    <Health label={`${p.parked} parked`} palette="orange" />
  ) : p.lagEvents > 0 ? (
    <Health label="Behind" palette="orange" />
  ) : (
    <Health label="OK" palette="green" />
  );

const reactorHealth = (r: Reactor) =>
  r.failing ? (
    <Health label="Failing" palette="red" />
  ) : r.parked > 0 ? (
    <Health label={`${r.parked} parked`} palette="orange" />
  ) : (
    <Health label="OK" palette="green" />
  );

/** The status, asked again every few seconds, and each projection's rate since the last look. */
function useOpsStatus() {
  // The previous look at each projection, for its rate.
  const previous = useRef(new Map<string, { at: string; eventsApplied: number }>());
  const rates = useRef(new Map<string, number | undefined>());
  const query = useQuery({
    queryKey: ['ops', 'status'],
    queryFn: async () => {
      const status = await getOpsStatus();
      for (const projection of status.projections) {
        const now = { at: status.at, eventsApplied: projection.eventsApplied };
        rates.current.set(projection.name, rateOf(now, previous.current.get(projection.name)));
        previous.current.set(projection.name, now);
      }
      return status;
    },
    refetchInterval: OPS_REFRESH_MS,
  });
  return { query, rates: rates.current };
}

function ProjectionsSection({
  loading,
  rows,
  rates,
}: {
  loading: boolean;
  rows: Projection[] | undefined;
  rates: ReadonlyMap<string, number | undefined>;
}) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        Projections
      </Heading>
      <DataTable<Projection>
        caption="Projections: position, lag, rate and health"
        loading={loading}
        rows={rows}
        rowKey={(p) => p.name}
        empty="No projection has run yet."
        columns={[
          { header: 'Projection', cell: (p) => p.name, card: 'title' },
          { header: 'Health', cell: projectionHealth },
          { header: 'Position', cell: (p) => p.position ?? 'none yet' },
          { header: 'Behind', cell: behindText },
          {
            header: 'Rate',
            cell: (p) => {
              const rate = rates.get(p.name);
              return rate === undefined ? '...' : `${rate.toFixed(rate < 10 ? 1 : 0)} events/s`;
            },
          },
          { header: 'Applied', cell: (p) => p.eventsApplied.toLocaleString('en-US') },
          {
            header: 'Last error',
            wraps: true,
            cell: (p) => p.refused ?? (p.parked > 0 ? 'See npm run projections -- parked' : ''),
          },
        ]}
      />
    </Stack>
  );
}

function ReactorsSection({ loading, rows }: { loading: boolean; rows: Reactor[] | undefined }) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        Reactors
      </Heading>
      <Text color="fg.muted">Effects outside the store, each from a subscription of its own.</Text>
      <DataTable<Reactor>
        caption="Reactors: position, lag and failures"
        loading={loading}
        rows={rows}
        rowKey={(r) => r.name}
        empty="No reactor has run yet."
        columns={[
          { header: 'Reactor', cell: (r) => r.name, card: 'title' },
          { header: 'Health', cell: reactorHealth },
          { header: 'Position', cell: (r) => r.position ?? 'none yet' },
          { header: 'Behind', cell: behindText },
          {
            header: 'Last error',
            wraps: true,
            cell: (r) =>
              r.failing
                ? `${r.failing.lastError} (attempt ${r.failing.attempts}, next ${formatDateTime(r.failing.nextAttemptAt)})`
                : '',
          },
        ]}
      />
    </Stack>
  );
}

function FailedDeliveriesSection({
  loading,
  rows,
}: {
  loading: boolean;
  rows: FailedDelivery[] | undefined;
}) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        Failed webhook deliveries
      </Heading>
      <Text color="fg.muted">
        The last attempts that failed, newest first; each is tried again with backoff, and the
        Webhooks page has every endpoint's log.
      </Text>
      <DataTable<FailedDelivery>
        caption="The last failed webhook deliveries"
        loading={loading}
        rows={rows}
        rowKey={(d) => `${d.endpointId}:${d.messageId}:${d.attempt}`}
        empty="No delivery has failed."
        columns={[
          { header: 'When', card: 'title', cell: (d) => formatDateTime(d.at) },
          { header: 'Endpoint', wraps: true, cell: (d) => d.url },
          { header: 'Event', cell: (d) => `${d.eventType} at ${d.position}` },
          { header: 'Attempt', cell: (d) => d.attempt },
          {
            header: 'Answer',
            wraps: true,
            cell: (d) => `${d.statusCode ?? 'no answer'}${d.error ? `: ${d.error}` : ''}`,
          },
          {
            header: 'Next attempt',
            cell: (d) => (d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : 'given up'),
          },
        ]}
      />
    </Stack>
  );
}

function RebuildingSection({ data }: { data: OpsStatus | undefined }) {
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" size="lg">
        Rebuilding
      </Heading>
      <Text>
        A projection that stopped, or parked events whose cause is mended, call for a rebuild: every
        event replayed into fresh tables, which replace the live ones in one transaction.
      </Text>
      <HStack wrap="wrap">
        <Code>{data?.rebuild.command ?? 'npm run projections -- rebuild'}</Code>
      </HStack>
      <Text color="fg.muted" fontSize="sm">
        On the all-in-one, stop it first and add <Code>PGLITE_DIR=./data/pglite</Code>. See{' '}
        {data?.rebuild.docs ?? 'docs/read-model.md'}.
        {data?.unfinishedRebuild ? ' An interrupted rebuild can be resumed.' : ''}
        {data && data.pendingMigrations.length > 0
          ? ` Migrations waiting: ${data.pendingMigrations.join(', ')}.`
          : ''}
      </Text>
    </Stack>
  );
}

export default function OperationsPage() {
  usePageTitle('Operations');
  const { query, rates } = useOpsStatus();
  const { data, isPending, isError, error } = query;

  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        Operations
      </Heading>
      <Text color="fg.muted" aria-live="polite">
        {data
          ? `The event store's head is at position ${data.head ?? 'none (empty)'}; looked at ${formatDateTime(data.at)}, again every ${OPS_REFRESH_MS / 1000} s.`
          : isError
            ? `The status could not be read: ${error.message}`
            : 'Reading the status...'}
      </Text>
      <ProjectionsSection loading={isPending} rows={data?.projections} rates={rates} />
      <ReactorsSection loading={isPending} rows={data?.reactors} />
      <FailedDeliveriesSection loading={isPending} rows={data?.failedDeliveries} />
      <RebuildingSection data={data} />
    </Stack>
  );
}
