import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BUSINESS_NAME_MAX, type ConsoleCustomer } from '../../../../shared/contract';
import { formatDate, formatMoney, paymentSessionStatusLabel } from '../../../../shared/format';
import { consoleCustomerMessages as m } from '../../../../shared/messages/console-customers';
import { fillMessage } from '../../../../shared/messages/fill';
import { paidStatusLabel } from '../../../../shared/rules/pass-display';
import { PASS_PAID_STATUSES } from '../../../../shared/rules/pass-values';
import { useTenantTimeZone } from '../../../app/brand';
import { paths } from '../../../app/page-paths';
import { FactsTable } from '../../../components/facts-table';
import { FailureAlert } from '../../../components/form-alerts';
import { useOperatorCan } from '../console-api';
import { DataTable } from '../data-table';
import { QueryError } from '../query-state';
import { customerKey, customersKey, setBusiness, setGuestCodes, useConsoleCustomer } from './api';
import { CustomerPrivacyCard } from './customer-privacy-card';
import { QuotaOverrideCard } from './quota-override-card';

/** Runs one change of the customer and shows its answer, or its error. */
function useCustomerChange(uuid: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (change: () => Promise<ConsoleCustomer>) => change(),
    onSuccess: async (customer) => {
      queryClient.setQueryData(customerKey(uuid), customer);
      await queryClient.invalidateQueries({ queryKey: customersKey });
    },
  });
  const run = (change: () => Promise<ConsoleCustomer>) => mutation.mutateAsync(change).catch(() => undefined);
  return { run, error: mutation.error?.message ?? null, isBusy: mutation.isPending };
}

function GuestCodes({ customer }: { customer: ConsoleCustomer }) {
  const { run, error, isBusy } = useCustomerChange(customer.uuid);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {m.guestCodesTitle}
        </Title>
        <Text size="sm">{m.guestCodesHint}</Text>
        <FailureAlert message={error} />
        <Switch
          label={m.guestCodesSwitch}
          checked={customer.isGuestCodesActive}
          disabled={isBusy}
          onChange={(event) => {
            const isOn = event.currentTarget.checked;
            void run(() => setGuestCodes(customer.uuid, isOn));
          }}
        />
        {customer.guestCode && <Text>{fillMessage(m.currentGuestCode, { code: customer.guestCode })}</Text>}
      </Stack>
    </Paper>
  );
}

function Business({ customer }: { customer: ConsoleCustomer }) {
  const { run, error, isBusy } = useCustomerChange(customer.uuid);
  const [name, setName] = useState(customer.customerEntityName ?? '');
  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => setBusiness(customer.uuid, name.trim()));
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3">
            {m.businessTitle}
          </Title>
          <Text size="sm">{m.businessHint}</Text>
          <FailureAlert message={error} />
          <TextInput
            label={m.entityNameLabel}
            value={name}
            maxLength={BUSINESS_NAME_MAX}
            required
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Group>
            <Button type="submit" loading={isBusy} disabled={!name.trim()}>
              {m.markBusiness}
            </Button>
            {customer.customerEntityName && (
              <Button
                variant="default"
                disabled={isBusy}
                onClick={() => {
                  setName('');
                  void run(() => setBusiness(customer.uuid, null));
                }}
              >
                {m.removeBusiness}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The pass's paid status as every pass screen says it ('Canceled', 'Waiting for approval'). */
function passStatusLabelOf(status: string): string {
  const known = PASS_PAID_STATUSES.find((value) => value === status);
  return known ? paidStatusLabel(known) : status;
}

function History({ customer, timeZone }: { customer: ConsoleCustomer; timeZone: string }) {
  return (
    <>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {m.passesTitle}
          </Title>
          <DataTable
            minWidth={520}
            striped
            isEmpty={customer.passes.length === 0}
            emptyText={m.passesEmpty}
            columns={[m.columnPassNumber, m.columnProduct, m.columnValid, m.columnAmount, m.columnPassStatus]}
          >
            {customer.passes.map((pass) => (
              <Table.Tr key={pass.uuid}>
                <Table.Td>{pass.customerPermitId}</Table.Td>
                <Table.Td>{pass.productName}</Table.Td>
                <Table.Td>{`${formatDate(pass.issuedOn, timeZone)} – ${formatDate(pass.expiresAt, timeZone)}`}</Table.Td>
                <Table.Td>{formatMoney(pass.amount)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" c="dark.9" color="blue">
                    {passStatusLabelOf(pass.paidStatus)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {m.paymentsTitle}
          </Title>
          <DataTable
            minWidth={520}
            striped
            isEmpty={customer.payments.length === 0}
            emptyText={m.paymentsEmpty}
            columns={[m.columnPaidAt, m.columnPaidFor, m.columnAmount, m.columnPassStatus]}
          >
            {customer.payments.map((payment) => (
              <Table.Tr key={payment.uuid}>
                <Table.Td>{payment.paidAt ? formatDate(payment.paidAt, timeZone, 'dateTime') : '—'}</Table.Td>
                <Table.Td>
                  {payment.citationNumber
                    ? fillMessage(m.noticePayment, { number: payment.citationNumber })
                    : payment.description}
                </Table.Td>
                <Table.Td>{formatMoney(payment.amount)}</Table.Td>
                <Table.Td>{paymentSessionStatusLabel(payment.status)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Stack>
      </Paper>
    </>
  );
}

/** /dashboard/customers/:uuid: one customer, their passes and payments, and what an operator may change. */
export function CustomerDetailPage() {
  const { uuid = '' } = useParams();
  const timeZone = useTenantTimeZone();
  const customer = useConsoleCustomer(uuid);
  const data = customer.data;
  // Guest codes, business and quota changes are customer.manage; a role with only customer.list reads.
  const canChange = useOperatorCan('customer.manage') && data?.isClosed === false;
  return (
    <Stack gap="md" maw={860}>
      <Anchor component={Link} to={paths.console.customers()}>
        {m.backToList}
      </Anchor>
      <QueryError error={customer.error} />
      {customer.isLoading && <Loader aria-label={m.loading} />}
      {data && (
        <>
          <Title order={1}>{data.fullname}</Title>
          <FactsTable
            label={m.accountTitle}
            facts={[
              [
                m.columnEmail,
                `${data.email} (${data.isEmailVerified ? m.emailVerified : m.emailNotVerified})`,
              ],
              [m.columnAccount, data.customerPublicId],
              [m.columnBusiness, data.customerEntityName],
              [m.building, data.building],
              [m.unit, data.unit],
            ]}
          />
          {canChange && <GuestCodes customer={data} />}
          {canChange && <Business key={data.customerEntityName ?? ''} customer={data} />}
          {canChange && <QuotaOverrideCard customerUuid={data.uuid} />}
          <History customer={data} timeZone={timeZone} />
          <CustomerPrivacyCard customer={data} />
        </>
      )}
    </Stack>
  );
}
