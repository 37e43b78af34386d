import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { answerAppealBodySchema, type DashboardAppeal } from '../../../shared/contract';
import { dashboardAppealMessages } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { useApiForm } from '../../lib/use-api-form';
import { answerAppeal } from './api';
import { APPROVE_GREEN, DENY_RED } from './colors';

/** The answer as the contract takes it; approve or deny is the button that opened the dialog. */
const answerFormSchema = answerAppealBodySchema.omit({ isApproved: true });

/** Approve or deny one appeal, with an optional text for the appellant. */
export function AnswerAppealDialog(props: {
  appeal: DashboardAppeal;
  isApproved: boolean;
  onClose: () => void;
  onAnswered: () => void;
}) {
  const { appeal, isApproved } = props;
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: answerFormSchema,
    initialValues: { status: '', voidNotice: false },
    submit: (values) =>
      answerAppeal(appeal.uuid, {
        isApproved,
        status: values.status || null,
        voidNotice: isApproved && values.voidNotice,
      }),
    onSuccess: () => props.onAnswered(),
    describeError: (error) => (error as Error).message,
  });

  return (
    // lockScroll off: the scroll lock injects a <style> element without our CSP nonce.
    <Modal
      opened
      onClose={props.onClose}
      lockScroll={false}
      closeButtonProps={{ 'aria-label': dashboardAppealMessages.cancel }}
      title={fillMessage(dashboardAppealMessages.answerTitle, { number: appeal.citationNumber })}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={dashboardAppealMessages.statusTextLabel}
            maxLength={500}
            data-autofocus
            {...form.getInputProps('status')}
          />
          {isApproved && (
            <Checkbox
              label={dashboardAppealMessages.voidNoticeLabel}
              {...form.getInputProps('voidNotice', { type: 'checkbox' })}
            />
          )}
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {dashboardAppealMessages.cancel}
            </Button>
            <Button type="submit" loading={isSubmitting} color={isApproved ? APPROVE_GREEN : DENY_RED}>
              {isApproved ? dashboardAppealMessages.approve : dashboardAppealMessages.deny}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
