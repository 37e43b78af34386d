import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { DashboardAppeal } from '../../../shared/contract';
import { dashboardAppealMessages } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { answerAppeal } from './api';
import { APPROVE_GREEN, DENY_RED } from './colors';

/** Approve or deny one appeal, with an optional text for the appellant. */
export function AnswerAppealDialog(props: {
  appeal: DashboardAppeal;
  isApproved: boolean;
  onClose: () => void;
  onAnswered: () => void;
}) {
  const { appeal, isApproved } = props;
  const [status, setStatus] = useState('');
  const [voidNotice, setVoidNotice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function confirm() {
    setIsSaving(true);
    setError(null);
    try {
      await answerAppeal(appeal.uuid, { isApproved, status: status.trim() || null, voidNotice });
      props.onAnswered();
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setIsSaving(false);
    }
  }

  return (
    // lockScroll off: the scroll lock injects a <style> element without our CSP nonce.
    <Modal
      opened
      onClose={props.onClose}
      lockScroll={false}
      closeButtonProps={{ 'aria-label': dashboardAppealMessages.cancel }}
      title={fillMessage(dashboardAppealMessages.answerTitle, { number: appeal.citationNumber })}
    >
      <Stack gap="md">
        <TextInput
          label={dashboardAppealMessages.statusTextLabel}
          value={status}
          maxLength={500}
          onChange={(event) => setStatus(event.currentTarget.value)}
          data-autofocus
        />
        {isApproved && (
          <Checkbox
            label={dashboardAppealMessages.voidNoticeLabel}
            checked={voidNotice}
            onChange={(event) => setVoidNotice(event.currentTarget.checked)}
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {dashboardAppealMessages.cancel}
          </Button>
          <Button onClick={confirm} loading={isSaving} color={isApproved ? APPROVE_GREEN : DENY_RED}>
            {isApproved ? dashboardAppealMessages.approve : dashboardAppealMessages.deny}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
