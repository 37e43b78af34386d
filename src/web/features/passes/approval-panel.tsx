import { Alert, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { IssuedPermit } from '../../../shared/contract';
import { passDashboardMessages as m } from '../../../shared/messages';
import { useDecidePermit } from './living-api';
import { STATUS_COLOURS } from './status-colours';

type Decision = 'paid' | 'rejected';

/**
 * Approve / Reject with an optional message (part 2 section 4, Approval), for the tenant's
 * operators and the business account that owns the pass. The server decides who may: anyone else
 * gets its refusal in the dialog. A decided pass reloads and the panel disappears.
 */
export function ApprovalPanel(props: {
  permit: IssuedPermit;
  authorization: string;
  /** Told whether the registrant was emailed, so the page claims no email that was not sent. */
  onDecided(isRegistrantEmailed: boolean): void;
}) {
  const { permit, authorization } = props;
  const [decision, setDecision] = useState<Decision | null>(null);
  const [message, setMessage] = useState('');
  const decide = useDecidePermit(permit.uuid, authorization);

  const close = () => {
    setDecision(null);
    decide.reset();
  };

  async function confirm() {
    if (!decision) return;
    const trimmed = message.trim();
    const answer = await decide.mutateAsync({ status: decision, message: trimmed === '' ? null : trimmed });
    setDecision(null);
    setMessage('');
    props.onDecided(answer.isRegistrantEmailed);
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="approval-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="approval-title">
          {m.approvalTitle}
        </Title>
        <Text>{m.approvalIntro}</Text>
        <Group gap="sm">
          <Button onClick={() => setDecision('paid')} data-testid="approve">
            {m.approve}
          </Button>
          <Button
            variant="outline"
            color={STATUS_COLOURS.bad}
            onClick={() => setDecision('rejected')}
            data-testid="reject"
          >
            {m.reject}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={decision !== null}
        onClose={close}
        title={decision === 'rejected' ? m.rejectDialogTitle : m.approveDialogTitle}
        centered
        closeButtonProps={{ 'aria-label': m.cancel }}
      >
        <Stack gap="md">
          {decision === 'paid' && permit.amount > 0 && <Text size="sm">{m.approveChargeNote}</Text>}
          <Textarea
            label={m.decisionMessageLabel}
            description={m.decisionMessageHint}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={3}
            data-autofocus
          />
          {decide.isError && (
            <Alert color="red" role="alert">
              {decide.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {m.cancel}
            </Button>
            <Button
              color={decision === 'rejected' ? STATUS_COLOURS.bad : undefined}
              loading={decide.isPending}
              onClick={() => void confirm().catch(() => undefined)}
              data-testid="confirm-decision"
            >
              {decision === 'rejected' ? m.reject : m.approve}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
