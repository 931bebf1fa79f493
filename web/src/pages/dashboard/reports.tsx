import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { type ModerationAction, REPORTERS_TO_HIDE } from '@second-gear/features/rules';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getReports, type ReportGroup, type ReportStatus } from '../../api/endpoints.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { usePagedQuery } from '../../components/use-paged-query.ts';
import { ReportGroupCard } from '../../moderation/report-group.tsx';
import { ResolveDialog } from '../../moderation/resolve-dialog.tsx';

const statusLabels: Record<ReportStatus, string> = { open: 'Open', resolved: 'Resolved' };

/** Open or Resolved: which groups the page lists (`?status=resolved` in the address). */
function StatusSwitch({
  status,
  onStatus,
}: {
  status: ReportStatus;
  onStatus: (status: ReportStatus) => void;
}) {
  return (
    <HStack role="group" aria-label="Which reports" gap="2">
      {(['open', 'resolved'] as const).map((value) => (
        <Button
          key={value}
          size="sm"
          colorPalette="teal"
          variant={value === status ? 'solid' : 'outline'}
          aria-pressed={value === status}
          onClick={() => onStatus(value)}
        >
          {statusLabels[value]}
        </Button>
      ))}
    </HStack>
  );
}

interface Acting {
  group: ReportGroup | null;
  action: ModerationAction | null;
  open: boolean;
}

/** One status's groups, a page at a time, and the dialog of the action chosen on one of them. */
function ReportGroups({ status }: { status: ReportStatus }) {
  const { data, isPending, page, setPage } = usePagedQuery(['reports', 'list', status], (page) =>
    getReports(status, page),
  );
  // The group and action stay while the dialog closes, so it keeps its content.
  const [acting, setActing] = useState<Acting>({ group: null, action: null, open: false });
  if (isPending) return <PageLoader label="Loading the reports" />;
  const groups = data?.items ?? [];
  if (groups.length === 0) {
    return (
      <Text color="fg.muted">
        {status === 'open' ? 'No open reports.' : 'No resolved reports.'}
      </Text>
    );
  }
  return (
    <>
      <Stack as="ul" aria-label={`${statusLabels[status]} reports`} gap="4" listStyleType="none">
        {groups.map((group) => (
          <ReportGroupCard
            key={group._id}
            group={group}
            status={status}
            onAction={(action) => setActing({ group, action, open: true })}
          />
        ))}
      </Stack>
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
      {acting.group && acting.action ? (
        <ResolveDialog
          group={acting.group}
          action={acting.action}
          open={acting.open}
          onClose={() => setActing((current) => ({ ...current, open: false }))}
          onExitComplete={() => setActing({ group: null, action: null, open: false })}
        />
      ) : null}
    </>
  );
}

/** Admins read what members reported, a subject at a time, and act on it. */
export default function ReportsPage() {
  usePageTitle('Reports');
  const [params, setParams] = useSearchParams();
  const status: ReportStatus = params.get('status') === 'resolved' ? 'resolved' : 'open';
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="3xl">
          Reports
        </Heading>
        <Text color="fg.muted">
          Every reported car, user, message and review, with its reports. An action settles all the
          open reports on it. A car reported by {REPORTERS_TO_HIDE} different people is hidden until
          you review it.
        </Text>
      </Stack>
      <StatusSwitch
        status={status}
        onStatus={(next) => setParams(next === 'resolved' ? { status: next } : {})}
      />
      <ReportGroups key={status} status={status} />
    </Stack>
  );
}
