import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import type { IssuedPermit } from '../../../shared/contract';
import {
  emailCustomerPermitContract,
  listVisitorPermitsContract,
} from '../../../shared/contract/passes-living';
import { formatDate } from '../../../shared/format';
import { fillMessage, passDashboardMessages, passEditMessages, passMessages } from '../../../shared/messages';
import { useBrand, useTenantTimeZone } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { FailureAlert } from '../../components/form-alerts';
import { FormCard } from '../../components/form-card';
import { ResponsiveTable } from '../../components/responsive-table';
import { contractQuery } from '../../lib/contract-query';
import { useApiForm } from '../../lib/use-api-form';
import { asCustomer, useCustomer } from '../accounts/api';
import { usePermitProducts } from './catalogue-api';
import { inviteByEmail } from './edit-api';
import { STATUS_COLOURS } from './status-colours';

/**
 * The chip of a visitor pass (part 2 section 2): Needs payment, Awaiting approval, Valid, Expired;
 * a canceled or rejected pass says so rather than passing for an expired one (issue 27).
 */
export function visitorChipOf(permit: Pick<IssuedPermit, 'paidStatus' | 'status'>): {
  label: string;
  color: string;
} {
  if (permit.paidStatus === 'canceled')
    return { label: passEditMessages.canceledBadge, color: STATUS_COLOURS.bad };
  if (permit.paidStatus === 'rejected')
    return { label: passMessages.statusRejected, color: STATUS_COLOURS.bad };
  if (permit.paidStatus === 'incomplete')
    return { label: passMessages.statusNeedsPayment, color: STATUS_COLOURS.attention };
  if (permit.paidStatus === 'waiting')
    return { label: passEditMessages.awaitingApproval, color: STATUS_COLOURS.attention };
  if (permit.status === 'Valid') return { label: passMessages.statusValid, color: STATUS_COLOURS.good };
  return { label: passMessages.statusExpired, color: STATUS_COLOURS.ended };
}

function VisitorPasses() {
  const timeZone = useTenantTimeZone();
  const visitors = useQuery({
    ...contractQuery(listVisitorPermitsContract, {}, asCustomer),
  });
  if (visitors.isPending) {
    return (
      <Group justify="center" py="lg">
        <Loader aria-label={passEditMessages.loading} />
      </Group>
    );
  }
  if (!visitors.data || visitors.data.length === 0)
    return <Text c="dimmed">{passEditMessages.visitorsEmpty}</Text>;
  return (
    <ResponsiveTable
      minWidth={520}
      striped
      highlightOnHover
      columns={[
        { label: passDashboardMessages.columnPlate },
        { label: passDashboardMessages.columnPermit },
        { label: passDashboardMessages.columnStatus },
        { label: passDashboardMessages.columnExpiresAt },
      ]}
    >
      {visitors.data.map((permit) => {
        const chip = visitorChipOf(permit);
        return (
          <Table.Tr key={permit.uuid}>
            <Table.Td>{permit.vehicle?.plate || passMessages.needsInput}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={paths.passes.receipt(permit.uuid)}>
                {permit.permitName}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Badge color={chip.color} variant="filled">
                {chip.label}
              </Badge>
            </Table.Td>
            <Table.Td>{formatDate(permit.expiresAt, timeZone, 'dateTime')}</Table.Td>
          </Table.Tr>
        );
      })}
    </ResponsiveTable>
  );
}

const inviteFormSchema = emailCustomerPermitContract.body.omit({ entityUUID: true }).extend({
  permitUUID: z.string().min(1, { error: () => passEditMessages.choosePass }),
});

/** Invite by email (business accounts): the invitee's account, a pass and a sign-in link. */
function InviteByEmail() {
  const brand = useBrand();
  const products = usePermitProducts('business');
  const [sent, setSent] = useState<string | null>(null);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: inviteFormSchema,
    initialValues: { email: '', password: '', permitUUID: '' },
    submit: (values) => inviteByEmail({ ...values, entityUUID: brand?.entityUUID ?? '' }),
    onSuccess: (_answer, values) => {
      setSent(values.email);
      form.reset();
    },
    describeError: (error) => (error instanceof Error ? error.message : String(error)),
  });
  const options = (products.data ?? []).map((product) => ({ value: product.uuid, label: product.name }));
  return (
    <FormCard titleId="invite-title" title={passEditMessages.inviteTitle} onSubmit={onSubmit}>
      <Text size="sm" c="dimmed">
        {passEditMessages.inviteIntro}
      </Text>
      <FailureAlert message={formError} />
      {sent && !formError && (
        <Alert color="green" role="status">
          {fillMessage(passEditMessages.inviteSent, { email: sent })}
        </Alert>
      )}
      {products.data && options.length === 0 ? (
        <Text>{passEditMessages.noBusinessProducts}</Text>
      ) : (
        <Select
          label={passEditMessages.inviteProductLabel}
          data={options}
          required
          {...form.getInputProps('permitUUID')}
          name="permitUUID"
        />
      )}
      <TextInput
        type="email"
        label={passEditMessages.inviteEmailLabel}
        required
        autoComplete="off"
        {...form.getInputProps('email')}
        name="email"
      />
      <PasswordInput
        label={passEditMessages.invitePasswordLabel}
        description={passEditMessages.invitePasswordHint}
        required
        autoComplete="new-password"
        {...form.getInputProps('password')}
        name="password"
      />
      <Group justify="flex-end">
        <Button type="submit" loading={isSubmitting} disabled={options.length === 0}>
          {passEditMessages.inviteSubmit}
        </Button>
      </Group>
    </FormCard>
  );
}

/**
 * My visitors (/permits/visitors): the visitor passes with their chips, the fixed copy, and for a
 * business account the invite-by-email form.
 */
export function VisitorsPage() {
  useDocumentTitle(passEditMessages.visitorsTitle);
  const customer = useCustomer();
  const isBusiness = Boolean(customer.data?.customerEntityName);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>{passEditMessages.visitorsTitle}</Title>
        <Button component={Link} to={paths.passes.chooseVisitor()} variant="outline">
          {passMessages.registerNewPass}
        </Button>
      </Group>
      <Text fw={600}>{passMessages.availableVisitorPasses}</Text>
      <Card withBorder padding="lg">
        <VisitorPasses />
      </Card>
      {isBusiness && <InviteByEmail />}
    </Stack>
  );
}
