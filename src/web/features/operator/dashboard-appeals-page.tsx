import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DashboardAppeal } from '../../../shared/contract';
import { formatDate, formatMoney } from '../../../shared/format';
import {
  appealOutcomeMessages,
  appealThreadMessages,
  dashboardAppealMessages,
} from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { useTenantTimeZone } from '../../app/brand';
import { MessageThread } from '../../components/message-thread';
import { AnswerAppealDialog } from './answer-appeal-dialog';
import {
  appealThreadKey,
  dashboardAppealsKey,
  sendAppealMessage,
  useDashboardAppealMessages,
  useDashboardAppeals,
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
function OperatorThread({ appeal, timeZone }: { appeal: DashboardAppeal; timeZone: string }) {
  const queryClient = useQueryClient();
  const messages = useDashboardAppealMessages(appeal.uuid);
  return (
    <MessageThread
      id={`thread-${appeal.uuid}`}
      messages={messages.data ?? []}
      timeZone={timeZone}
      authorLabel={(author) => (author === 'operator' ? appealThreadMessages.fromOperator : appeal.name)}
      intro={appealThreadMessages.operatorIntro}
      canWrite={appeal.isPending}
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
  onAnswer: (isApproved: boolean) => void;
}) {
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
        <OperatorThread appeal={appeal} timeZone={timeZone} />
        {appeal.isPending && (
          <Group gap="sm" mt={4}>
            <Button size="sm" color={APPROVE_GREEN} onClick={() => props.onAnswer(true)}>
              {`${dashboardAppealMessages.approve} ${appeal.citationNumber}`}
            </Button>
            <Button size="sm" color={DENY_RED} variant="outline" onClick={() => props.onAnswer(false)}>
              {`${dashboardAppealMessages.deny} ${appeal.citationNumber}`}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /dashboard/appeals: the operator's queue of appeals, pending first, each answerable. It lives in
 * the console frame, which signs out on a refused token and offers sign-out itself.
 */
export function DashboardAppealsPage() {
  const queryClient = useQueryClient();
  const timeZone = useTenantTimeZone();
  const query = useDashboardAppeals();
  const [answering, setAnswering] = useState<{ appeal: DashboardAppeal; isApproved: boolean } | null>(null);

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{dashboardAppealMessages.listTitle}</Title>
      {query.isLoading && <Loader aria-label={dashboardAppealMessages.listTitle} />}
      {query.isError && (
        <Alert color="red" role="alert">
          {(query.error as Error).message}
        </Alert>
      )}
      {query.data?.length === 0 && <Text>{dashboardAppealMessages.empty}</Text>}
      {query.data && query.data.length > 0 && (
        <Stack component="ul" gap="sm" className="plain-list">
          {query.data.map((appeal) => (
            <AppealCard
              key={appeal.uuid}
              appeal={appeal}
              timeZone={timeZone}
              onAnswer={(isApproved) => setAnswering({ appeal, isApproved })}
            />
          ))}
        </Stack>
      )}
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
