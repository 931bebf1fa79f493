// Time travel for admins: a car, user or category as it was at a moment (a time, or one of its
// events), and what each of its events changed, by whom. The moment is in the address
// (`?at=` or `?position=`), so the Audit Log links here and Back walks the moments back.
import {
  Box,
  Button,
  Code,
  chakra,
  DataList,
  Heading,
  HStack,
  Input,
  Link,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import type { AuditChange, AuditState } from '@second-gear/features/contract';
import {
  keepPreviousData,
  queryOptions,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import {
  type AuditMoment,
  type AuditSubject,
  getAuditChanges,
  getAuditState,
} from '../../api/endpoints.ts';
import type { Page } from '../../api/http.ts';
import { CarPicture } from '../../components/car-picture.tsx';
import { formatDateTime } from '../../components/dates.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { actorOf } from './audit-entries.ts';
import {
  type Fact,
  factsOf,
  formatValue,
  fromLocalInput,
  isPictureField,
  labelOf,
  picturesIn,
  toLocalInput,
} from './audit-state.ts';

export const auditQueries = {
  state: (subject: AuditSubject, moment: AuditMoment) =>
    queryOptions({
      queryKey: ['audit', 'state', subject, moment],
      queryFn: () => getAuditState(subject, moment),
    }),
  changes: (subject: AuditSubject, page: number) =>
    queryOptions({
      queryKey: ['audit', 'changes', subject, page],
      queryFn: () => getAuditChanges(subject, page),
    }),
};

const typeNames: Record<AuditSubject['type'], string> = {
  car: 'Car',
  user: 'User',
  category: 'Category',
};

const isSubjectType = (type: string | undefined): type is AuditSubject['type'] =>
  type !== undefined && Object.hasOwn(typeNames, type);

/** What the state calls itself: a car's name, a user's or category's name. */
const nameOf = (state: AuditState['state'] | undefined): string | undefined => {
  const car = state?.car as { name?: unknown } | undefined;
  const name = car?.name ?? state?.name;
  return typeof name === 'string' && name !== '' ? name : undefined;
};

/** Small pictures of a field's addresses, the first marked when there are several. */
function Pictures({ urls, label }: { urls: string[]; label: string }) {
  if (urls.length === 0) return null;
  return (
    <Wrap as="ol" gap="2" listStyleType="none" mt="1">
      {urls.map((url, at) => (
        <Box as="li" key={url}>
          <CarPicture
            src={url}
            alt={urls.length > 1 ? `${label} ${at + 1} of ${urls.length}` : label}
            sizes="5rem"
            w="20"
            borderRadius="md"
          />
        </Box>
      ))}
    </Wrap>
  );
}

function FactValue({ fact }: { fact: Fact }) {
  const text = formatValue(fact.value);
  return (
    <>
      <Text overflowWrap="anywhere">{text}</Text>
      {isPictureField(fact.path) ? (
        <Pictures urls={picturesIn(fact.value)} label={fact.label} />
      ) : null}
    </>
  );
}

/** The state at the moment: its facts as a definition list, and the raw JSON folded away. */
function StateView({ answer }: { answer: AuditState }) {
  if (!answer.exists) {
    return (
      <Text color="fg.muted">
        Nothing yet at this moment: its first event comes later, or there is none.
      </Text>
    );
  }
  const { lastEvent } = answer;
  return (
    <Stack gap="4">
      {lastEvent ? (
        <Text>
          As it was after <Code>{lastEvent.eventType}</Code> on {formatDateTime(lastEvent.at)}, by{' '}
          {actorOf(lastEvent.actor)} (version {answer.version + 1}).
        </Text>
      ) : null}
      <DataList.Root orientation="horizontal" size="md" aria-label="Fields at this moment">
        {factsOf(answer.state).map((fact) => (
          <DataList.Item key={fact.path} alignItems="start">
            <DataList.ItemLabel minW="10rem">{fact.label}</DataList.ItemLabel>
            <DataList.ItemValue display="block" minW="0">
              <FactValue fact={fact} />
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <Box as="details">
        <Box as="summary" cursor="pointer" fontWeight="medium">
          Raw state (JSON)
        </Box>
        <Box
          as="pre"
          mt="2"
          p="3"
          bg="bg.muted"
          borderRadius="md"
          fontSize="xs"
          overflowX="auto"
          whiteSpace="pre-wrap"
          overflowWrap="anywhere"
        >
          {JSON.stringify(answer.state, null, 2)}
        </Box>
      </Box>
    </Stack>
  );
}

/** One event: when, who, what, and each field before and after. */
function ChangeItem({
  change,
  current,
  onShow,
}: {
  change: AuditChange;
  current: boolean;
  onShow: () => void;
}) {
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      borderColor={current ? 'teal.solid' : 'border'}
      aria-current={current ? 'step' : undefined}
    >
      <HStack gap="3" wrap="wrap" justify="space-between">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold">{formatDateTime(change.at)}</Text>
          <Code>{change.eventType}</Code>
          <Text>
            by {actorOf(change.actor)}
            {change.actor.role ? ` (${change.actor.role})` : ''}
          </Text>
        </HStack>
        <Button size="xs" variant="outline" onClick={onShow} disabled={current}>
          {current ? 'Shown above' : 'As it was after this'}
        </Button>
      </HStack>
      {change.changes.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" mt="2">
          No field of the state changed.
        </Text>
      ) : (
        <Stack as="ul" gap="1" mt="2" fontSize="sm" listStyleType="none">
          {change.changes.map(({ path, before, after, hidden }) => (
            <Box as="li" key={path} overflowWrap="anywhere">
              <Text as="span" fontWeight="medium">
                {labelOf(path)}:
              </Text>{' '}
              {hidden ? (
                <Text as="span" color="fg.muted">
                  changed (not shown)
                </Text>
              ) : (
                <>
                  {formatValue(before)}{' '}
                  <Box as="span" aria-hidden="true">
                    →
                  </Box>
                  <Box as="span" srOnly>
                    became
                  </Box>{' '}
                  {formatValue(after)}
                </>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/**
 * Where the admin picks the moment: a time, now, or (with several events on the page) one of
 * the page's events on a slider. `inputKey` changes with the address, so the time shown follows
 * Back and Forward.
 */
function MomentForm({
  momentId,
  inputKey,
  defaultValue,
  items,
  onPage,
  show,
}: {
  momentId: string;
  inputKey: string;
  defaultValue: string;
  items: AuditChange[];
  /** The shown event's index among `items`; -1 when it is not on the page. */
  onPage: number;
  show: (next: AuditMoment) => void;
}) {
  const pick = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('moment');
    const iso = typeof value === 'string' ? fromLocalInput(value) : undefined;
    show(iso ? { at: iso } : {});
  };
  return (
    <form aria-label="Choose a moment" onSubmit={pick}>
      <HStack gap="3" align="end" wrap="wrap">
        <Stack gap="1.5">
          <chakra.label htmlFor={momentId} fontWeight="medium" fontSize="sm">
            Moment
          </chakra.label>
          <Input
            id={momentId}
            key={inputKey}
            name="moment"
            type="datetime-local"
            step="1"
            w="auto"
            defaultValue={defaultValue}
          />
        </Stack>
        <Button type="submit" colorPalette="teal" size="sm">
          Show
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => show({})}>
          Now
        </Button>
      </HStack>
      {items.length > 1 ? (
        <Stack gap="1" mt="4" maxW="md">
          <chakra.label htmlFor={`${momentId}-events`} fontWeight="medium" fontSize="sm">
            Step through the events on this page
          </chakra.label>
          <input
            id={`${momentId}-events`}
            type="range"
            min={0}
            max={items.length - 1}
            value={onPage < 0 ? items.length - 1 : onPage}
            aria-valuetext={(() => {
              const change = items[onPage < 0 ? items.length - 1 : onPage]!;
              return `${change.eventType}, ${formatDateTime(change.at)}`;
            })()}
            onChange={(event) => {
              const change = items[Number(event.target.value)];
              if (change) show({ position: change.position });
            }}
            style={{ accentColor: 'var(--chakra-colors-teal-solid)' }}
          />
        </Stack>
      ) : null}
    </form>
  );
}

function StateSection({
  headingId,
  state,
}: {
  headingId: string;
  state: UseQueryResult<AuditState>;
}) {
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading id={headingId} as="h2" size="lg" mb="3">
        State at this moment
      </Heading>
      {state.data ? (
        <Box aria-busy={state.isFetching} opacity={state.isPlaceholderData ? 0.6 : 1}>
          <StateView answer={state.data} />
        </Box>
      ) : state.isPending ? (
        <PageLoader label="Loading the state" />
      ) : (
        <Text color="fg.error">The state could not be read.</Text>
      )}
    </Box>
  );
}

function ChangesSection({
  headingId,
  changes,
  items,
  shownPosition,
  show,
  page,
  setPage,
}: {
  headingId: string;
  changes: UseQueryResult<Page<AuditChange>>;
  items: AuditChange[];
  shownPosition: string | undefined;
  show: (next: AuditMoment) => void;
  page: number;
  setPage: (page: number) => void;
}) {
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading id={headingId} as="h2" size="lg" mb="1">
        Changes, event by event
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="3">
        Oldest first; each field with its value before and after.
      </Text>
      {changes.isPending ? (
        <PageLoader label="Loading the changes" />
      ) : items.length === 0 ? (
        <Text color="fg.muted">No events.</Text>
      ) : (
        <Stack as="ol" gap="3" listStyleType="none" aria-busy={changes.isFetching}>
          {items.map((change) => (
            <ChangeItem
              key={change.position}
              change={change}
              current={change.position === shownPosition}
              onShow={() => show({ position: change.position })}
            />
          ))}
        </Stack>
      )}
      {changes.data ? <Pager page={page} total={changes.data.total} onChange={setPage} /> : null}
    </Box>
  );
}

function TimeTravel({ subject }: { subject: AuditSubject }) {
  const [search, setSearch] = useSearchParams();
  const position = search.get('position') ?? undefined;
  const at = search.get('at') ?? undefined;
  const moment: AuditMoment = position ? { position } : at ? { at } : {};
  const [page, setPage] = useState(1);
  const state = useQuery({
    ...auditQueries.state(subject, moment),
    placeholderData: keepPreviousData,
  });
  const changes = useQuery({
    ...auditQueries.changes(subject, page),
    placeholderData: keepPreviousData,
  });
  const name = nameOf(state.data?.state);
  usePageTitle(`As it was: ${name ?? subject.id}`);
  const momentId = useId();
  const stateHeading = useId();
  const changesHeading = useId();
  const shownPosition = state.data?.lastEvent?.position;

  const show = (next: AuditMoment) => {
    const params = new URLSearchParams();
    if (next.position) params.set('position', next.position);
    else if (next.at) params.set('at', next.at);
    setSearch(params);
  };
  const items = changes.data?.items ?? [];
  const onPage = items.findIndex((change) => change.position === shownPosition);

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Link
          asChild
          fontSize="sm"
          color="teal.fg"
          alignSelf="flex-start"
          minH={{ base: '11', md: 'auto' }}
        >
          <RouterLink to="/user/audit">Back to the Audit Log</RouterLink>
        </Link>
        <Heading as="h1" size="3xl">
          As it was: {typeNames[subject.type]} {name ?? ''}
        </Heading>
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {typeNames[subject.type]} id {subject.id}
        </Text>
      </Stack>
      <MomentForm
        momentId={momentId}
        inputKey={search.toString()}
        defaultValue={toLocalInput(at ?? state.data?.lastEvent?.at ?? '')}
        items={items}
        onPage={onPage}
        show={show}
      />
      <StateSection headingId={stateHeading} state={state} />
      <ChangesSection
        headingId={changesHeading}
        changes={changes}
        items={items}
        shownPosition={shownPosition}
        show={show}
        page={page}
        setPage={setPage}
      />
    </Stack>
  );
}

export default function AuditSubjectPage() {
  const { type, id = '' } = useParams();
  if (!isSubjectType(type) || id === '') {
    return <Text color="fg.error">Time travel knows cars, users and categories only.</Text>;
  }
  return <TimeTravel key={`${type}/${id}`} subject={{ type, id }} />;
}
