// One reported subject on the Reports page: what it is (a car with its picture, a user, a
// message, a review with its stars and words), whose it is, how many open reports it has and
// why, the latest reports, where things stand (a car off the market, a review hidden, a suspended
// owner, the latest settlement) and what a moderator can do about it now.
import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  Link,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { ModerationAction } from '@second-gear/features/rules';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ReportGroup, ReportStatus } from '../api/endpoints.ts';
import { CarPicture } from '../components/car-picture.tsx';
import { formatAgo, formatDate, formatDateTime } from '../components/dates.ts';
import {
  actionLabels,
  actionOutcomes,
  openReports,
  reasonLabels,
  severeActions,
  subjectLabels,
} from './labels.ts';
import { ModeratorReason } from './off-market.tsx';
import { ReportedConversation } from './reported-conversation.tsx';

/** How many of the latest reports a group shows until asked for all of them. */
const SHOWN_REPORTS = 5;

/**
 * What a moderator can do with the group now: settle its open reports (dismiss them, hide the
 * car or the review, suspend the owner), or undo an earlier action (restore the car or the
 * review, lift the suspension), the latter on a settled group too.
 */
export function actionsFor(group: ReportGroup, status: ReportStatus): ModerationAction[] {
  const { subject, owner } = group;
  const open = status === 'open' && group.open > 0;
  const car = subject.type === 'car' && !subject.deleted;
  const review = subject.type === 'review';
  const hidden = subject.hidden_reason !== null;
  const actions: ModerationAction[] = [];
  if (open) actions.push('dismiss');
  if (car && open && !hidden) actions.push('hide-car');
  if (car && hidden) actions.push('restore-car');
  if (review && open && !hidden) actions.push('hide-review');
  if (review && hidden) actions.push('restore-review');
  if (owner.suspended) actions.push('lift-suspension');
  else if (open && !(subject.type === 'user' && subject.deleted)) actions.push('suspend-user');
  return actions;
}

/** How the heading names the subject: a car or a user by name, a message or a review by author. */
function subjectName({ subject, owner }: ReportGroup): string {
  if (subject.type === 'message') return `A message from ${subject.label}`;
  if (subject.type === 'review') return `A review by ${owner.name}`;
  return subject.label;
}

/**
 * Where the heading links: a car's page while the car is there, a review on its seller's
 * profile; a user and a message link nowhere.
 */
function subjectLink({ subject }: ReportGroup): string | null {
  if (subject.type === 'car') return subject.deleted ? null : subject.link;
  return subject.type === 'review' ? subject.link : null;
}

/**
 * The subject's type, its name (a car's and a review's link to where they show) and whether it
 * was deleted (for a review: its author's account).
 */
function SubjectHeading({ group, id }: { group: ReportGroup; id: string }) {
  const { subject } = group;
  const name = subjectName(group);
  const link = subjectLink(group);
  return (
    <HStack gap="2" wrap="wrap" align="center">
      <Badge colorPalette="purple" variant="solid">
        {subjectLabels[subject.type]}
      </Badge>
      <Heading id={id} as="h2" size="lg" overflowWrap="anywhere">
        {link ? (
          <Link asChild colorPalette="teal">
            <RouterLink to={link}>{name}</RouterLink>
          </Link>
        ) : (
          name
        )}
      </Heading>
      {subject.deleted ? <Badge colorPalette="gray">Deleted</Badge> : null}
    </HStack>
  );
}

/** A review's stars and words as the reports read them ("2 stars: Never showed up"). */
function ReviewQuote({ label }: { label: string }) {
  return (
    <Text
      borderStartWidth="3px"
      borderColor="purple.muted"
      ps="3"
      whiteSpace="pre-wrap"
      overflowWrap="anywhere"
      lineClamp={6}
    >
      {label}
    </Text>
  );
}

/** Whose the subject is, and their suspension when they are suspended. */
function OwnerLine({ owner }: { owner: ReportGroup['owner'] }) {
  return (
    <Stack gap="1">
      <HStack gap="2" wrap="wrap">
        <Text>
          <Text as="span" fontWeight="semibold">
            Owner:
          </Text>{' '}
          {owner.name}
        </Text>
        {owner.suspended ? (
          <Badge colorPalette="red" variant="solid">
            Suspended
          </Badge>
        ) : null}
      </HStack>
      {owner.suspension_reason ? (
        <ModeratorReason label="Suspended" reason={owner.suspension_reason} />
      ) : null}
    </Stack>
  );
}

/** Each reason given, with how many reports gave it. */
function ReasonCounts({ reasons }: { reasons: ReportGroup['reasons'] }) {
  return (
    <HStack as="ul" aria-label="Reasons" gap="2" wrap="wrap" listStyleType="none">
      {reasons.map(({ reason, count }) => (
        <Badge as="li" key={reason} colorPalette="orange" size="md">
          {reasonLabels[reason]} ({count})
        </Badge>
      ))}
    </HStack>
  );
}

/** The latest reports first: who, why, what they added and when. */
function LatestReports({ reports }: { reports: ReportGroup['reports'] }) {
  const heading = useId();
  const [all, setAll] = useState(false);
  const shown = all ? reports : reports.slice(0, SHOWN_REPORTS);
  return (
    <Stack as="section" aria-labelledby={heading} gap="2">
      <Heading id={heading} as="h3" size="sm">
        Latest reports
      </Heading>
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
        {shown.map((report) => (
          <Box as="li" key={report._id} borderStartWidth="3px" borderColor="border" ps="3">
            <HStack gap="2" wrap="wrap" align="baseline">
              <Text fontWeight="semibold">{report.reporter.name}</Text>
              <Text>{reasonLabels[report.reason]}</Text>
              <Text asChild fontSize="sm" color="fg.muted">
                <time dateTime={report.at} title={formatDateTime(report.at)}>
                  {formatAgo(report.at)}
                </time>
              </Text>
            </HStack>
            {report.details ? (
              <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                {report.details}
              </Text>
            ) : null}
          </Box>
        ))}
      </Stack>
      {reports.length > SHOWN_REPORTS ? (
        <Button size="sm" variant="ghost" alignSelf="flex-start" onClick={() => setAll(!all)}>
          {all ? 'Show the latest only' : `Show all ${reports.length} reports`}
        </Button>
      ) : null}
    </Stack>
  );
}

/** The open count, the reasons, the car off the market and the latest settlement. */
function GroupState({ group }: { group: ReportGroup }) {
  const { resolution, subject } = group;
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">
        {group.open > 0 ? `${openReports(group.open)} · ` : ''}last reported{' '}
        <time dateTime={group.last_reported_at} title={formatDateTime(group.last_reported_at)}>
          {formatAgo(group.last_reported_at)}
        </time>
      </Text>
      <ReasonCounts reasons={group.reasons} />
      {subject.hidden_reason ? (
        <ModeratorReason label="Hidden" reason={subject.hidden_reason} />
      ) : null}
      {resolution ? (
        <Text fontSize="sm">
          <Text as="span" fontWeight="semibold">
            Latest action:
          </Text>{' '}
          {actionOutcomes[resolution.action]} on {formatDate(resolution.at)}: “{resolution.reason}”
        </Text>
      ) : null}
    </Stack>
  );
}

/** A button for each action the group allows now. */
function GroupActions({
  actions,
  onAction,
}: {
  actions: ModerationAction[];
  onAction: (action: ModerationAction) => void;
}) {
  const danger = (action: ModerationAction) => severeActions.has(action);
  return (
    <HStack gap="2" wrap="wrap">
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={danger(action) ? 'solid' : 'outline'}
          colorPalette={danger(action) ? 'red' : action === 'dismiss' ? 'gray' : 'teal'}
          onClick={() => onAction(action)}
        >
          {actionLabels[action]}
        </Button>
      ))}
    </HStack>
  );
}

export function ReportGroupCard({
  group,
  status,
  onAction,
}: {
  group: ReportGroup;
  status: ReportStatus;
  onAction: (action: ModerationAction) => void;
}) {
  const heading = useId();
  const { subject } = group;
  const actions = actionsFor(group, status);
  return (
    <Card.Root as="li" variant="outline" aria-labelledby={heading}>
      <Card.Body gap="4" p={{ base: '4', md: '6' }}>
        <Flex gap="4" align="flex-start" wrap="wrap">
          {subject.type === 'car' ? (
            <CarPicture
              src={subject.image ?? undefined}
              alt=""
              sizes="8rem"
              w={{ base: '24', md: '32' }}
              flexShrink={0}
              borderRadius="md"
            />
          ) : null}
          <Stack gap="2" flex="1" minW="12rem">
            <SubjectHeading group={group} id={heading} />
            {subject.type === 'review' ? <ReviewQuote label={subject.label} /> : null}
            <OwnerLine owner={group.owner} />
            <GroupState group={group} />
          </Stack>
        </Flex>
        {group.reports.length > 0 ? <LatestReports reports={group.reports} /> : null}
        {subject.type === 'message' ? <ReportedConversation groupId={group._id} /> : null}
      </Card.Body>
      {actions.length > 0 ? (
        <Card.Footer>
          <GroupActions actions={actions} onAction={onAction} />
        </Card.Footer>
      ) : null}
    </Card.Root>
  );
}
