import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  type ConsolePass,
  cancelConsolePassContract,
  refundConsolePassContract,
} from '../../../../shared/contract';
// Issue 10's approval call (the receipt page's Approve / Reject).
import { setPermitIssuedStatusContract } from '../../../../shared/contract/passes-living';
import { formatDate, formatMoney } from '../../../../shared/format';
import { consolePassMessages as m, refundMessages } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import { useTenantTimeZone } from '../../../app/brand';
import { paths } from '../../../app/page-paths';
import { contractMutation } from '../../../lib/contract-query';
import { APPROVE_GREEN, DENY_RED } from '../../operator/colors';
import { useOperatorCan } from '../console-api';
import { DataTable } from '../data-table';
import { callAsOperator } from '../operator-call';
import { QueryState } from '../query-state';
import { RefundDialog } from '../refund-dialog';
import { consolePassQuery, refreshPasses, useConsolePass } from './api';
import { ConfirmDialog } from './confirm-dialog';
import { PassExtensions } from './pass-extensions';
import { PassStatusBadge } from './pass-status';

/** Passes an operator may still cancel: not yet canceled, rejected or expired. */
const CANCELABLE = new Set(['paid', 'waiting', 'incomplete']);

type Action = 'approve' | 'reject' | 'refund' | 'cancel';

function Fact(props: { label: string; value: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {props.value ?? '—'}
      </Text>
    </Group>
  );
}

function PassDetails({ pass, timeZone }: { pass: ConsolePass; timeZone: string }) {
  const { permit } = pass;
  const holder = permit.permitHolder;
  const vehicles = [permit.vehicle, ...permit.secondaryVehicles].filter((vehicle) => vehicle !== null);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          {m.sectionPass}
        </Title>
        <Stack gap={6}>
          <Fact label={m.product} value={permit.permitName} />
          <Fact label={m.status} value={<PassStatusBadge status={permit.paidStatus} />} />
          <Fact label={m.starts} value={formatDate(permit.issuedOn, timeZone, 'dateTime')} />
          <Fact label={m.ends} value={formatDate(permit.expiresAt, timeZone, 'dateTime')} />
          <Fact label={m.amount} value={formatMoney(permit.amount)} />
          <Fact label={m.customer} value={pass.customerUUID ? permit.customerEmail : m.guest} />
          {pass.approvalMessage && <Fact label={m.decision} value={pass.approvalMessage} />}
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          {m.sectionHolder}
        </Title>
        <Stack gap={6}>
          <Text size="sm">{holder?.name ?? permit.customerName ?? '—'}</Text>
          <Text size="sm">{holder?.email ?? permit.customerEmail ?? ''}</Text>
          {holder?.label && <Text size="sm">{holder.label}</Text>}
          {holder?.address1 && (
            <Text size="sm">
              {[holder.address1, holder.address2, holder.city, holder.state, holder.zip]
                .filter(Boolean)
                .join(', ')}
            </Text>
          )}
          {holder?.phonenumber && <Text size="sm">{holder.phonenumber}</Text>}
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          {m.sectionVehicles}
        </Title>
        {vehicles.length === 0 ? (
          <Text size="sm">{m.noVehicles}</Text>
        ) : (
          <Stack gap={6} component="ul" className="plain-list">
            {vehicles.map((vehicle) => (
              <Group key={vehicle.uuid} component="li" gap="xs">
                <Text fw={700}>{vehicle.plate || m.needsInput}</Text>
                <Text size="sm">
                  {[vehicle.state, vehicle.make, vehicle.model, vehicle.color].filter(Boolean).join(' ')}
                </Text>
                {vehicle.isPrimary && <Badge variant="outline">{m.primary}</Badge>}
                {!vehicle.isActive && (
                  <Badge color="gray.3" c="dark.9">
                    {m.inactive}
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Card>
      {permit.customFormFields.length > 0 && (
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            {m.sectionFields}
          </Title>
          <Stack gap={6}>
            {permit.customFormFields.map((field) => (
              <Fact key={field.label} label={field.label} value={field.value} />
            ))}
          </Stack>
        </Card>
      )}
    </SimpleGrid>
  );
}

function Payments({ pass, timeZone }: { pass: ConsolePass; timeZone: string }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        {m.sectionPayments}
      </Title>
      {pass.payments.length === 0 ? (
        <Text size="sm">{m.noPayments}</Text>
      ) : (
        <DataTable minWidth={520} columns={[m.amount, m.status, m.paymentDate, m.receipt]}>
          {pass.payments.map((payment) => (
            <Table.Tr key={payment.uuid}>
              <Table.Td>
                {formatMoney(payment.amount)}
                {/* What it paid for: the pass, a period of it, or an extension (decision 243). */}
                <Text size="xs" c="dimmed">
                  {payment.description}
                </Text>
              </Table.Td>
              <Table.Td>
                {m.paymentStatus[payment.status]}
                {payment.status === 'paid' && payment.refundedAmount > 0 && (
                  <Text size="xs" c="dimmed">
                    {refundMessages.refunded} {formatMoney(payment.refundedAmount)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDate(payment.paidAt ?? payment.createdAt, timeZone, 'dateTime')}</Table.Td>
              <Table.Td>
                {payment.receiptUrl ? (
                  <Anchor href={payment.receiptUrl} target="_blank" rel="noopener" inherit>
                    {m.receipt}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}

/**
 * /dashboard/passes/:uuid: one pass with its holder, vehicles, times, payments and extensions, and what an
 * operator does with it: approve or reject a waiting pass, change times or vehicles (the pass's
 * edit page), and refund in full through the payment provider (which cancels it).
 */
export function PassPage() {
  const { uuid = '' } = useParams();
  const timeZone = useTenantTimeZone();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const [message, setMessage] = useState('');
  const key = consolePassQuery(uuid).queryKey;
  const query = useConsolePass(uuid);
  const pass = query.data;
  const number = pass?.permit.customerPermitId ?? '';
  // The page's changes are mutations of their contracts (decision 225); the pass shows the answer
  // at once, and every list that shows passes is read again.
  const decide = useMutation({
    ...contractMutation(setPermitIssuedStatusContract, callAsOperator),
    onSuccess: () => refreshPasses(queryClient),
  });
  const cancel = useMutation({
    ...contractMutation(cancelConsolePassContract, callAsOperator),
    onSuccess: async (answer) => {
      queryClient.setQueryData(key, answer);
      await refreshPasses(queryClient);
    },
  });

  async function run(chosen: Action) {
    if (chosen === 'approve' || chosen === 'reject') {
      await decide.mutateAsync({
        body: {
          permitIssuedUUID: uuid,
          status: chosen === 'approve' ? 'paid' : 'rejected',
          message: message.trim() || null,
          isApproval: true,
          isFromPortal: true,
        },
      });
    } else {
      await cancel.mutateAsync({ params: { uuid } });
    }
  }

  const status = pass?.permit.paidStatus;
  const canCancel = useOperatorCan('pass.cancel');
  const canRefund = useOperatorCan('pass.refund');
  const canApprove = useOperatorCan('pass.approve');
  const canEdit = useOperatorCan('pass.edit');
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.console.passes()}>
        {m.backToList}
      </Anchor>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={false}
        loadingLabel={m.loadingPass}
        emptyText=""
      >
        {pass && (
          <>
            <Group justify="space-between" wrap="wrap">
              <Title order={1}>{fillMessage(m.passTitle, { number })}</Title>
              <Group gap="sm" wrap="wrap">
                {canApprove && status === 'waiting' && (
                  <>
                    <Button color={APPROVE_GREEN} onClick={() => setAction('approve')}>
                      {m.approve}
                    </Button>
                    <Button color={DENY_RED} variant="outline" onClick={() => setAction('reject')}>
                      {m.reject}
                    </Button>
                  </>
                )}
                {canEdit && (
                  <Button variant="default" component={Link} to={paths.passes.edit(uuid)}>
                    {m.changeTimesOrVehicles}
                  </Button>
                )}
                <Button variant="default" component={Link} to={paths.passes.receipt(uuid)}>
                  {m.viewReceipt}
                </Button>
                {canRefund && pass.isRefundable && (
                  <Button color={DENY_RED} variant="outline" onClick={() => setAction('refund')}>
                    {m.refund}
                  </Button>
                )}
                {canCancel && status !== undefined && CANCELABLE.has(status) && (
                  <Button color={DENY_RED} variant="outline" onClick={() => setAction('cancel')}>
                    {m.cancelPass}
                  </Button>
                )}
              </Group>
            </Group>
            <PassDetails pass={pass} timeZone={timeZone} />
            <Payments pass={pass} timeZone={timeZone} />
            <PassExtensions extensions={pass.extensions} timeZone={timeZone} canRefund={canRefund} />
          </>
        )}
      </QueryState>
      {action === 'refund' && pass && (
        <RefundDialog
          title={fillMessage(m.refundTitle, { number })}
          refundable={pass.refundable}
          paid={pass.payments
            .filter((payment) => payment.status === 'paid' || payment.status === 'refunded')
            .reduce((sum, payment) => sum + payment.amount, 0)}
          effect={refundMessages.passFullEffect}
          onRefund={async (body, idempotencyKey) => {
            queryClient.setQueryData(
              key,
              await callAsOperator(refundConsolePassContract, { params: { uuid }, body }, undefined, {
                'idempotency-key': idempotencyKey,
              }),
            );
            await refreshPasses(queryClient);
          }}
          onClose={() => setAction(null)}
        />
      )}
      {action && action !== 'refund' && pass && (
        <ConfirmDialog
          title={fillMessage(
            { approve: m.approveTitle, reject: m.rejectTitle, cancel: m.cancelTitle }[action],
            { number },
          )}
          body={action === 'cancel' ? m.cancelBody : ''}
          confirmLabel={
            {
              approve: m.confirmApprove,
              reject: m.confirmReject,
              cancel: m.confirmCancel,
            }[action]
          }
          cancelLabel={m.keep}
          color={action === 'approve' ? APPROVE_GREEN : DENY_RED}
          onConfirm={() => run(action)}
          onClose={() => {
            setAction(null);
            setMessage('');
          }}
        >
          {(action === 'approve' || action === 'reject') && (
            <Textarea
              label={m.decisionMessage}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={2}
            />
          )}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
