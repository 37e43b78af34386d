import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import { answerAppealBodySchema, type DashboardAppeal } from '../../../shared/contract';
import { formatMoney } from '../../../shared/format';
import { appealOutcomeMessages, dashboardAppealMessages } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { FailureAlert } from '../../components/form-alerts';
import { useApiForm } from '../../lib/use-api-form';
import { dollarsFieldSchema } from '../console/notices/dollars-field';
import { answerAppeal } from './api';
import { APPROVE_GREEN, DENY_RED } from './colors';

/**
 * The answer as the dialog takes it: the text, and for an approval what happens to the notice —
 * voided (the default: nothing left to pay) or reduced to an amount typed in dollars, below what
 * the notice asks now (the server's rule, checked here so the operator sees it by the field).
 */
const answerFormSchema = (amountDue: number) =>
  answerAppealBodySchema
    .pick({ status: true })
    .extend({ outcome: z.enum(['void', 'reduce']), reduceTo: dollarsFieldSchema })
    .superRefine((values, context) => {
      if (values.outcome !== 'reduce') return;
      if (values.reduceTo === null) {
        context.addIssue({
          code: 'custom',
          path: ['reduceTo'],
          message: appealOutcomeMessages.reduceToRequired,
        });
      } else if (values.reduceTo >= amountDue) {
        context.addIssue({
          code: 'custom',
          path: ['reduceTo'],
          message: fillMessage(appealOutcomeMessages.reduceNotBelow, { amount: formatMoney(amountDue) }),
        });
      }
    });

/** Approve or deny one appeal, with an optional text for the appellant. */
export function AnswerAppealDialog(props: {
  appeal: DashboardAppeal;
  isApproved: boolean;
  onClose: () => void;
  onAnswered: () => void;
}) {
  const { appeal, isApproved } = props;
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: answerFormSchema(appeal.amountDue),
    initialValues: { status: '', outcome: 'void' as const, reduceTo: '' },
    submit: (values) =>
      answerAppeal(appeal.uuid, {
        isApproved,
        status: values.status || null,
        reduceTo: isApproved && values.outcome === 'reduce' ? values.reduceTo : null,
      }),
    onSuccess: () => props.onAnswered(),
    describeError: (error) => (error as Error).message,
  });
  const isReducing = isApproved && form.values.outcome === 'reduce';
  const submitLabel = !isApproved
    ? dashboardAppealMessages.deny
    : isReducing
      ? appealOutcomeMessages.approveAndReduce
      : appealOutcomeMessages.approveAndVoid;

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
          {isApproved && (
            <Radio.Group label={appealOutcomeMessages.outcomeLegend} {...form.getInputProps('outcome')}>
              <Stack gap="xs" mt="xs">
                <Radio value="void" label={appealOutcomeMessages.outcomeVoid} data-autofocus />
                <Radio value="reduce" label={appealOutcomeMessages.outcomeReduce} />
              </Stack>
            </Radio.Group>
          )}
          {isReducing && (
            <TextInput
              label={appealOutcomeMessages.reduceToLabel}
              description={fillMessage(appealOutcomeMessages.amountDueNow, {
                amount: formatMoney(appeal.amountDue),
              })}
              inputMode="decimal"
              required
              {...form.getInputProps('reduceTo')}
            />
          )}
          <TextInput
            label={dashboardAppealMessages.statusTextLabel}
            maxLength={500}
            data-autofocus={!isApproved || undefined}
            {...form.getInputProps('status')}
          />
          {isApproved && !isReducing && (
            <Text size="sm" c="dimmed">
              {appealOutcomeMessages.emailVoided}
            </Text>
          )}
          <FailureAlert message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {dashboardAppealMessages.cancel}
            </Button>
            <Button type="submit" loading={isSubmitting} color={isApproved ? APPROVE_GREEN : DENY_RED}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
