import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { z } from 'zod';
import {
  type Citation,
  type ConsoleNotice,
  NOTICE_REASON_MAX,
  overrideNoticeAmountBodySchema,
  type PaymentPlan,
  refundNoticeContract,
  updateNoticeBodySchema,
  uuidSchema,
  voidNoticeBodySchema,
} from '../../../../shared/contract';
import { formatCurrencyCode, formatDate, formatMoney } from '../../../../shared/format';
import { citationMessages } from '../../../../shared/messages';
import { consoleNoticeMessages as m } from '../../../../shared/messages/console-notices';
import { fillMessage } from '../../../../shared/messages/fill';
import { paymentPlanMessages } from '../../../../shared/messages/payment-plans';
import { refundMessages } from '../../../../shared/messages/refunds';
import { isCitationPaid, isCitationVoided } from '../../../../shared/rules';
import { paymentStatusText } from '../../../../shared/rules/citation-status';
import { useTenantTimeZone } from '../../../app/brand';
import { paths } from '../../../app/page-paths';
import { citationFacts, FactsTable } from '../../../components/facts-table';
import { FailureAlert } from '../../../components/form-alerts';
import { PhotoGallery, type PhotoGalleryLabels } from '../../../components/photo-gallery';
import { useApiForm } from '../../../lib/use-api-form';
import { InstalmentTable } from '../../citations/payment-plan-panel';
import { useOperatorCan } from '../console-api';
import { callAsOperator } from '../operator-call';
import { QueryError } from '../query-state';
import { RefundDialog } from '../refund-dialog';
import {
  noticeKey,
  noticesKey,
  overrideNoticeAmount,
  updateNotice,
  useConsoleNotice,
  useViolationCodes,
  voidNotice,
} from './api';
import { dollarsFieldSchema, dollarsText } from './dollars-field';
import { chooseCodeSchemaMessage, NoticeDetailFields } from './notice-form-fields';
import { statusBadgeColor } from './notice-status';

/** After a change: the page shows the answer at once, and the list refetches when next shown. */
function useNoticeChanged(uuid: string) {
  const queryClient = useQueryClient();
  return async (notice: ConsoleNotice) => {
    queryClient.setQueryData(noticeKey(uuid), notice);
    await queryClient.invalidateQueries({ queryKey: noticesKey });
  };
}

const correctionFormSchema = updateNoticeBodySchema.extend({
  citationCodeUUID: z.string().min(1, chooseCodeSchemaMessage).pipe(uuidSchema),
});

function CorrectionForm({ citation }: { citation: Citation }) {
  const codes = useViolationCodes();
  const onChanged = useNoticeChanged(citation.uuid);
  const [isSaved, setIsSaved] = useState(false);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: correctionFormSchema,
    initialValues: {
      plate: citation.plate,
      stateProv: citation.stateProv ?? '',
      citationCodeUUID: citation.citationCodeUUID ?? '',
      location: citation.location ?? '',
      make: citation.make ?? '',
      color: citation.color ?? '',
      comments: citation.comments ?? '',
    },
    submit: (values) => updateNotice(citation.uuid, values),
    onSuccess: async (result) => {
      setIsSaved(true);
      await onChanged(result);
    },
    describeError: (error) => (error as Error).message,
  });
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      onChange={() => setIsSaved(false)}
    >
      <Stack gap="sm">
        <Title order={2} size="h3">
          {m.editTitle}
        </Title>
        <FailureAlert message={formError} />
        <NoticeDetailFields form={form} codes={codes.data ?? []} keptCodeUUID={citation.citationCodeUUID} />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {m.save}
          </Button>
          {isSaved && <Text role="status">{m.saved}</Text>}
        </Group>
      </Stack>
    </Paper>
  );
}

const overrideFormSchema = overrideNoticeAmountBodySchema.extend({ amountOverride: dollarsFieldSchema });

function AmountForm({ citation }: { citation: Citation }) {
  const onChanged = useNoticeChanged(citation.uuid);
  const isClosed = isCitationPaid(citation) || isCitationVoided(citation);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: overrideFormSchema,
    initialValues: { amountOverride: dollarsText(citation.amountOverride), reason: '' },
    submit: (values) => overrideNoticeAmount(citation.uuid, values),
    onSuccess: async (result) => {
      form.setFieldValue('reason', '');
      await onChanged(result);
    },
    describeError: (error) => (error as Error).message,
  });
  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {m.amountTitle}
        </Title>
        <Text>{`${m.amountDue}: ${formatMoney(citation.amountDue)}`}</Text>
        {isClosed ? (
          <Text c="dimmed">
            {fillMessage(m.notEditable, { status: citation.paymentStatus.toLowerCase() })}
          </Text>
        ) : (
          <>
            <FailureAlert message={formError} />
            <TextInput
              label={fillMessage(m.overrideLabel, { currency: formatCurrencyCode() })}
              description={m.overrideHint}
              inputMode="decimal"
              {...form.getInputProps('amountOverride')}
            />
            <TextInput
              label={m.reasonLabel}
              required
              maxLength={NOTICE_REASON_MAX}
              {...form.getInputProps('reason')}
            />
            <Button type="submit" loading={isSubmitting}>
              {m.applyOverride}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function VoidSection({ citation }: { citation: Citation }) {
  const [isOpen, setIsOpen] = useState(false);
  const onChanged = useNoticeChanged(citation.uuid);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: voidNoticeBodySchema,
    initialValues: { reason: '' },
    submit: (values) => voidNotice(citation.uuid, values.reason),
    onSuccess: async (result) => {
      setIsOpen(false);
      await onChanged(result);
    },
    describeError: (error) => (error as Error).message,
  });
  if (isCitationPaid(citation) || isCitationVoided(citation)) return null;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {m.voidTitle}
        </Title>
        <Text>{m.voidHint}</Text>
        <Button color="red.8" variant="outline" onClick={() => setIsOpen(true)}>
          {m.voidButton}
        </Button>
      </Stack>
      <Modal
        closeButtonProps={{ 'aria-label': m.cancel }}
        opened={isOpen}
        onClose={() => setIsOpen(false)}
        title={fillMessage(m.voidConfirm, { number: citation.citationNumber })}
      >
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Text>{m.voidHint}</Text>
            <FailureAlert message={formError} />
            <TextInput
              label={m.reasonLabel}
              required
              data-autofocus
              maxLength={NOTICE_REASON_MAX}
              {...form.getInputProps('reason')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setIsOpen(false)}>
                {m.cancel}
              </Button>
              <Button type="submit" color="red.8" loading={isSubmitting}>
                {m.voidButton}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}

/** Read at each render, so the texts are in the page's language. */
const PLAN_STATUS_LABEL = (): Record<PaymentPlan['status'], string> => ({
  active: paymentPlanMessages.consoleStatusActive,
  completed: paymentPlanMessages.consoleStatusCompleted,
  defaulted: paymentPlanMessages.consoleStatusDefaulted,
  canceled: paymentPlanMessages.consoleStatusCanceled,
});

/** The notice's payment plan (issue 31): its terms, what is paid and remains, every instalment. */
function PlanSection({ plan }: { plan: PaymentPlan }) {
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="console-plan-title"
      data-testid="console-plan"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="console-plan-title">
            {paymentPlanMessages.consoleTitle}
          </Title>
          <Badge variant="outline" color="dark">
            {PLAN_STATUS_LABEL()[plan.status]}
          </Badge>
        </Group>
        <Text size="sm">
          {fillMessage(paymentPlanMessages.consoleSummary, {
            count: plan.instalmentCount,
            total: formatMoney(plan.total),
            fee: formatMoney(plan.fee),
          })}
        </Text>
        <Group gap="lg">
          <Text size="sm" fw={600}>
            {fillMessage(paymentPlanMessages.onPlanPaid, { amount: formatMoney(plan.paid) })}
          </Text>
          <Text size="sm" fw={600}>
            {fillMessage(paymentPlanMessages.onPlanRemaining, { amount: formatMoney(plan.remaining) })}
          </Text>
        </Group>
        <InstalmentTable plan={plan} />
      </Stack>
    </Paper>
  );
}

/** A paid notice's refund (issue 33): in full or in part, with a reason the payer reads. */
function RefundSection({ notice }: { notice: ConsoleNotice }) {
  const [isOpen, setIsOpen] = useState(false);
  const changed = useNoticeChanged(notice.citation.uuid);
  if (notice.refundable <= 0) return null;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {refundMessages.dialogTitle}
        </Title>
        <Text>
          {fillMessage(refundMessages.refundableNow, {
            amount: formatMoney(notice.refundable),
            paid: formatMoney(notice.paid),
          })}
        </Text>
        <Group>
          <Button color="red.8" variant="outline" onClick={() => setIsOpen(true)}>
            {refundMessages.refund}
          </Button>
        </Group>
      </Stack>
      {isOpen && (
        <RefundDialog
          title={fillMessage(m.detailTitle, { number: notice.citation.citationNumber })}
          refundable={notice.refundable}
          paid={notice.paid}
          effect={refundMessages.noticeFullEffect}
          onRefund={async (body, idempotencyKey) => {
            await changed(
              await callAsOperator(
                refundNoticeContract,
                { params: { uuid: notice.citation.uuid }, body },
                undefined,
                { 'idempotency-key': idempotencyKey },
              ),
            );
          }}
          onClose={() => setIsOpen(false)}
        />
      )}
    </Paper>
  );
}

function History({ notice, timeZone }: { notice: ConsoleNotice; timeZone: string }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {m.historyTitle}
        </Title>
        {notice.history.length === 0 ? (
          <Text c="dimmed">{m.historyEmpty}</Text>
        ) : (
          <Stack component="ul" gap={4} className="plain-list">
            {notice.history.map((entry) => (
              <Text component="li" key={`${entry.createdAt}-${entry.action}`} size="sm">
                {`${formatDate(entry.createdAt, timeZone, 'dateTime')} · ${entry.action} · ${entry.actorLabel}`}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** /dashboard/notices/:uuid: one notice, its corrections, its amount, voiding and its history. */
const photoLabels = (): PhotoGalleryLabels => ({
  alt: (n) => `${citationMessages.photoAlt} ${n}`,
  open: (n) => fillMessage(citationMessages.openPhoto, { n }),
  position: (n, count) => fillMessage(citationMessages.photoOf, { n, count }),
  previous: citationMessages.previousPhoto,
  next: citationMessages.nextPhoto,
  close: citationMessages.closePhoto,
});

export function NoticeDetailPage() {
  const { uuid = '' } = useParams();
  const location = useLocation();
  const timeZone = useTenantTimeZone();
  const notice = useConsoleNotice(uuid);
  const created = (location.state as { created?: string } | null)?.created;
  const citation = notice.data?.citation;
  // Reading is every role's; correcting, re-pricing and voiding only for roles with notice.edit.
  const canEdit = useOperatorCan('notice.edit');
  const canRefund = useOperatorCan('notice.refund');
  return (
    <Stack gap="md" maw={860}>
      <Anchor component={Link} to={paths.console.notices()}>
        {m.backToList}
      </Anchor>
      <QueryError error={notice.error} />
      {notice.isLoading && <Loader aria-label={m.loading} />}
      {notice.data && citation && (
        <>
          <Group justify="space-between" wrap="wrap">
            <Title order={1}>{fillMessage(m.detailTitle, { number: citation.citationNumber })}</Title>
            <Badge size="lg" variant="light" c="dark.9" color={statusBadgeColor(citation.paymentStatus)}>
              {paymentStatusText(citation.paymentStatus)}
            </Badge>
          </Group>
          {created && (
            <Alert color="green" role="status">
              {fillMessage(m.created, { number: created })}
            </Alert>
          )}
          <FactsTable label={m.detailsTitle} facts={citationFacts(citation, timeZone)} />
          {citation.imageURLs.length > 0 && (
            <Stack gap="xs" component="section" aria-labelledby="notice-photos-title">
              <Title order={2} size="h3" id="notice-photos-title">
                {m.photosTitle}
              </Title>
              <PhotoGallery urls={citation.imageURLs} labels={photoLabels()} />
            </Stack>
          )}
          {canEdit && (
            <>
              <AmountForm
                key={`amount-${citation.amountOverride}-${citation.paymentStatus}`}
                citation={citation}
              />
              <CorrectionForm key={`details-${uuid}`} citation={citation} />
              <VoidSection citation={citation} />
            </>
          )}
          {notice.data.paymentPlan && <PlanSection plan={notice.data.paymentPlan} />}
          {canRefund && <RefundSection notice={notice.data} />}
          <History notice={notice.data} timeZone={timeZone} />
        </>
      )}
    </Stack>
  );
}
