import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  APPEAL_OUTCOMES,
  APPEAL_STATES,
  type AppealOutcome,
  type AppealState,
  answerAppealContract,
  type DashboardAppeal,
} from '../../../shared/contract';
import { formatDate, formatMoney } from '../../../shared/format';
import {
  consoleAppealListMessages as al,
  appealOutcomeMessages,
  appealThreadMessages,
  dashboardAppealMessages,
} from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { useTenantTimeZone } from '../../app/brand';
import { MessageThread } from '../../components/message-thread';
import { useOperatorCan } from '../console/console-api';
import { ListBar, ListPager, type ListParams, useListParams, useSearchDraft } from '../console/list-kit';
import { AnswerAppealDialog } from './answer-appeal-dialog';
import {
  appealThreadKey,
  dashboardAppealsKey,
  sendAppealMessage,
  useAppealSearch,
  useDashboardAppealMessages,
} from './api';
import { APPROVE_GREEN, DENY_RED } from './colors';

/** 'Approved', and what the approval did to the notice when it says. */
function approvedLabel(appeal: DashboardAppeal): string {
  const { approved } = dashboardAppealMessages;
  if (appeal.outcome === 'voided') return `${approved} · ${appealOutcomeMessages.queueVoided}`;
  if (appeal.outcome === 'reduced' && appeal.reducedAmount !== null) {
    const reduced = fillMessage(appealOutcomeMessages.queueReduced, {
      amount: formatMoney(appeal.reducedAmount),
    });
    return `${approved} · ${reduced}`;
  }
  return approved;
}

function StatusBadge({ appeal }: { appeal: DashboardAppeal }) {
  if (appeal.isPending) {
    return (
      <Badge color="yellow.3" c="dark.9">
        {dashboardAppealMessages.pending}
      </Badge>
    );
  }
  return appeal.isApproved ? (
    <Badge color={APPROVE_GREEN}>{approvedLabel(appeal)}</Badge>
  ) : (
    <Badge color={DENY_RED}>{dashboardAppealMessages.denied}</Badge>
  );
}

/** The operator's side of an appeal's thread; each message emails the appellant. */
function OperatorThread(props: { appeal: DashboardAppeal; timeZone: string; canAnswer: boolean }) {
  const { appeal, timeZone } = props;
  const queryClient = useQueryClient();
  const messages = useDashboardAppealMessages(appeal.uuid);
  return (
    <MessageThread
      id={`thread-${appeal.uuid}`}
      messages={messages.data ?? []}
      timeZone={timeZone}
      authorLabel={(author) => (author === 'operator' ? appealThreadMessages.fromOperator : appeal.name)}
      intro={appealThreadMessages.operatorIntro}
      canWrite={appeal.isPending && props.canAnswer}
      send={async (body, imageURLs) => {
        await sendAppealMessage(appeal.uuid, body, imageURLs);
        await queryClient.invalidateQueries({ queryKey: appealThreadKey(appeal.uuid) });
      }}
    />
  );
}

function AppealCard(props: {
  appeal: DashboardAppeal;
  timeZone: string;
  /** Absent when the session may not answer appeals: no buttons then (the server refuses too). */
  onAnswer?: (isApproved: boolean) => void;
}) {
  const { onAnswer } = props;
  const { appeal, timeZone } = props;
  return (
    <Card
      withBorder
      padding="md"
      component="li"
      aria-label={fillMessage(dashboardAppealMessages.appealCardLabel, { number: appeal.citationNumber })}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>{`${appeal.citationNumber} · ${appeal.plate}`}</Text>
          <StatusBadge appeal={appeal} />
        </Group>
        <Text size="sm" c="dimmed">
          {`${appeal.name} · ${appeal.email} · ${appeal.phoneNumber} · ${formatDate(appeal.submissionDate, timeZone, 'dateTime')}`}
        </Text>
        <Text size="sm">{appeal.address}</Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{appeal.reason}</Text>
        {appeal.imageURLs.length > 0 && (
          <Group gap="sm">
            {appeal.imageURLs.map((url, index) => (
              <Anchor key={url} href={url} target="_blank" rel="noopener" size="sm">
                {fillMessage(dashboardAppealMessages.photoLink, { n: index + 1 })}
              </Anchor>
            ))}
          </Group>
        )}
        {appeal.status && <Text size="sm">{appeal.status}</Text>}
        <OperatorThread appeal={appeal} timeZone={timeZone} canAnswer={Boolean(onAnswer)} />
        {appeal.isPending && onAnswer && (
          <Group gap="sm" mt={4}>
            <Button size="sm" color={APPROVE_GREEN} onClick={() => onAnswer(true)}>
              {`${dashboardAppealMessages.approve} ${appeal.citationNumber}`}
            </Button>
            <Button size="sm" color={DENY_RED} variant="outline" onClick={() => onAnswer(false)}>
              {`${dashboardAppealMessages.deny} ${appeal.citationNumber}`}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

const PAGE_SIZE = 25;
const FILTER_KEYS = ['q', 'state', 'outcome'] as const;
/** Each state has its own order (the queue oldest first, decisions newest first). */
const SORT_KEYS = ['default'] as const;
const STATE_OPTIONS = () => APPEAL_STATES.map((value) => ({ value, label: al.states[value] ?? value }));
const OUTCOME_OPTIONS = () => [
  { value: '', label: al.anyOutcome },
  ...APPEAL_OUTCOMES.map((value) => ({ value, label: al.outcomes[value] ?? value })),
];
const readState = (value: string | undefined): AppealState =>
  APPEAL_STATES.find((state) => state === value) ?? 'pending';
const readOutcome = (value: string | undefined): AppealOutcome | undefined =>
  APPEAL_OUTCOMES.find((outcome) => outcome === value);

function AppealFilters({ params }: { params: ListParams<(typeof FILTER_KEYS)[number], 'default'> }) {
  const { draft, setDraft, submit } = useSearchDraft(params.filters.q, (q) => params.setFilters({ q }));
  const state = readState(params.filters.state);
  return (
    <form onSubmit={submit} aria-label={dashboardAppealMessages.listTitle}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={al.stateLabel}
          data={STATE_OPTIONS()}
          value={state}
          onChange={(event) => {
            const next = event.currentTarget.value;
            // A pending appeal has no outcome: choosing the queue drops the outcome filter.
            params.setFilters({
              state: next === 'pending' ? undefined : next,
              ...(next === 'pending' ? { outcome: undefined } : {}),
            });
          }}
          w={{ base: '100%', xs: 210 }}
        />
        {state !== 'pending' && (
          <NativeSelect
            label={al.outcomeLabel}
            data={OUTCOME_OPTIONS()}
            value={params.filters.outcome ?? ''}
            onChange={(event) => params.setFilters({ outcome: event.currentTarget.value })}
            w={{ base: '100%', xs: 170 }}
          />
        )}
        <TextInput
          label={al.searchLabel}
          placeholder={al.searchPlaceholder}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          maxLength={32}
          w={{ base: '100%', sm: 240 }}
        />
        <Button type="submit">{al.search}</Button>
        {params.hasFilters && (
          <Button
            variant="subtle"
            onClick={() => {
              setDraft('');
              params.clearFilters();
            }}
          >
            {al.clearFilters}
          </Button>
        )}
      </Group>
    </form>
  );
}

/**
 * /dashboard/appeals: the operator's queue of appeals waiting for an answer (a decided appeal
 * leaves it), or the decided ones by outcome; searched by notice number or plate, paged, the
 * filters kept in the address. It lives in the console frame, which signs out on a refused
 * token and offers sign-out itself.
 */
export function DashboardAppealsPage() {
  const queryClient = useQueryClient();
  const timeZone = useTenantTimeZone();
  const params = useListParams({ filters: FILTER_KEYS, sorts: SORT_KEYS, defaultSort: 'default' });
  const state = readState(params.filters.state);
  const outcome = state === 'pending' ? undefined : readOutcome(params.filters.outcome);
  const query = useAppealSearch({
    state,
    ...(outcome ? { outcome } : {}),
    ...(params.filters.q ? { q: params.filters.q } : {}),
    page: params.page,
    pageSize: PAGE_SIZE,
  });
  const [answering, setAnswering] = useState<{ appeal: DashboardAppeal; isApproved: boolean } | null>(null);
  const canAnswer = useOperatorCan(answerAppealContract.permission);
  const data = query.data;

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{dashboardAppealMessages.listTitle}</Title>
      <AppealFilters params={params} />
      {query.isLoading && <Loader aria-label={dashboardAppealMessages.listTitle} />}
      {query.isError && (
        <Alert color="red" role="alert">
          {(query.error as Error).message}
        </Alert>
      )}
      {data && <ListBar total={data} page={params.page} pageSize={PAGE_SIZE} shown={data.items.length} />}
      {data?.items.length === 0 && (
        <Text role="status">
          {params.hasFilters
            ? al.emptyFiltered
            : state === 'pending'
              ? al.emptyQueue
              : dashboardAppealMessages.empty}
        </Text>
      )}
      {data && data.items.length > 0 && (
        <Stack component="ul" gap="sm" className="plain-list" aria-busy={query.isFetching}>
          {data.items.map((appeal) => (
            <AppealCard
              key={appeal.uuid}
              appeal={appeal}
              timeZone={timeZone}
              onAnswer={canAnswer ? (isApproved) => setAnswering({ appeal, isApproved }) : undefined}
            />
          ))}
        </Stack>
      )}
      {data && <ListPager total={data} page={params.page} pageSize={PAGE_SIZE} onPage={params.setPage} />}
      {answering && (
        <AnswerAppealDialog
          appeal={answering.appeal}
          isApproved={answering.isApproved}
          onClose={() => setAnswering(null)}
          onAnswered={() => {
            setAnswering(null);
            void queryClient.invalidateQueries({ queryKey: dashboardAppealsKey });
          }}
        />
      )}
    </Stack>
  );
}
