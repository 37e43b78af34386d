import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { Customer } from '../../../shared/contract';
import { accountMessages, commonMessages } from '../../../shared/messages';
import { useBrand } from '../../app/brand';
import { ApiError } from '../../lib/api-client';
import {
  type AccountDialog,
  EmailDialog,
  LocationDialog,
  NameDialog,
  PasswordDialog,
} from './account-dialogs';
import { useCards, useCustomer, useOpenPaymentPortal, useRefreshGuestCode } from './api';
import { YourDataCard } from './your-data-card';

const DIALOGS = {
  location: LocationDialog,
  name: NameDialog,
  email: EmailDialog,
  password: PasswordDialog,
} as const;

function InfoRow({
  label,
  value,
  onEdit,
  editLabel,
}: {
  label: string;
  value: ReactNode;
  onEdit?: () => void;
  editLabel?: string;
}) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="35%">
        {label}
      </Table.Th>
      <Table.Td>{value}</Table.Td>
      <Table.Td ta="right" w={72}>
        {onEdit && (
          <Anchor component="button" type="button" onClick={onEdit} aria-label={editLabel}>
            {accountMessages.edit}
          </Anchor>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function AccountInformation({
  customer,
  onEdit,
}: {
  customer: Customer;
  onEdit: (dialog: AccountDialog) => void;
}) {
  const location = [customer.building, customer.unit].filter(Boolean).join(', ');
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-info-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="account-info-title">
          {accountMessages.accountInformation}
        </Title>
        {customer.customerEntityName && (
          <Badge variant="filled" className="brand-filled">
            {accountMessages.businessAccount}
          </Badge>
        )}
      </Group>
      <Table layout="fixed" verticalSpacing="sm">
        <Table.Tbody>
          <InfoRow label={accountMessages.accountNumber} value={customer.customerPublicId} />
          {customer.signupCode && (
            <InfoRow label={accountMessages.signupCode} value={customer.signupCode.toUpperCase()} />
          )}
          <InfoRow
            label={accountMessages.accountType}
            value={
              customer.customerEntityName
                ? `${accountMessages.business} — ${customer.customerEntityName}`
                : accountMessages.standard
            }
          />
          <InfoRow
            label={accountMessages.location}
            value={location || accountMessages.notProvided}
            onEdit={() => onEdit('location')}
            editLabel={accountMessages.editLocation}
          />
          <InfoRow
            label={accountMessages.name}
            value={customer.fullname}
            onEdit={() => onEdit('name')}
            editLabel={accountMessages.editName}
          />
          <InfoRow
            label={accountMessages.email}
            value={<span className="break-anywhere">{customer.email}</span>}
            onEdit={() => onEdit('email')}
            editLabel={accountMessages.editEmail}
          />
          <InfoRow
            label={accountMessages.password}
            value={
              <>
                <span aria-hidden="true">{accountMessages.maskedPassword}</span>
                <span className="visually-hidden">{accountMessages.passwordHidden}</span>
              </>
            }
            onEdit={() => onEdit('password')}
            editLabel={accountMessages.changePassword}
          />
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function GuestCodeCard({ customer }: { customer: Customer }) {
  const refresh = useRefreshGuestCode();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="guest-code-title">
      <Title order={2} size="h3" id="guest-code-title" mb="sm">
        {accountMessages.guestCode}
      </Title>
      <Text size="xl" fw={700} ff="monospace" data-testid="guest-code">
        {customer.guestCode ?? accountMessages.noGuestCode}
      </Text>
      <Anchor
        component="button"
        type="button"
        mt="sm"
        onClick={() => refresh.mutate()}
        disabled={refresh.isPending}
      >
        {accountMessages.requestNewCode}
      </Anchor>
      {refresh.isSuccess && (
        <Alert color="green" role="status" mt="sm" data-testid="guest-code-message">
          {accountMessages.guestCodeIssued}
        </Alert>
      )}
      {refresh.isError && (
        <Alert color="red" role="alert" mt="sm" data-testid="guest-code-message">
          {refresh.error instanceof ApiError && refresh.error.status === 429
            ? refresh.error.message
            : accountMessages.guestCodeRefused}
        </Alert>
      )}
    </Card>
  );
}

function AdministratorContact() {
  const brand = useBrand();
  if (!brand?.contactEmail && !brand?.contactNumber) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="admin-contact-title">
      <Title order={2} size="h3" id="admin-contact-title" mb="sm">
        {accountMessages.administratorContact}
      </Title>
      <Stack gap={4}>
        {brand.contactEmail && (
          <Text>
            {accountMessages.contactEmail}:{' '}
            <Anchor href={`mailto:${brand.contactEmail}`}>{brand.contactEmail}</Anchor>
          </Text>
        )}
        {brand.contactNumber && (
          <Text>
            {accountMessages.contactPhone}:{' '}
            <Anchor href={`tel:${brand.contactNumber.replace(/[^\d+]/g, '')}`}>{brand.contactNumber}</Anchor>
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Cards and the customer portal come from the payment port (GET /portal/customer/cards, /stripeportal/{id}). */
function PaymentMethodCard({ customer }: { customer: Customer }) {
  const cards = useCards();
  const portal = useOpenPaymentPortal();

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="payment-method-title">
      <Title order={2} size="h3" id="payment-method-title" mb="sm">
        {accountMessages.paymentMethod}
      </Title>
      {cards.isPending && <Loader size="sm" aria-label={commonMessages.loading} />}
      {cards.isError && (
        <Alert color="red" role="alert" data-testid="cards-error">
          {cards.error.message}
        </Alert>
      )}
      {cards.isSuccess && cards.data.length === 0 && <Text>{accountMessages.noCards}</Text>}
      {cards.isSuccess &&
        cards.data.map((card) => (
          <Text key={`${card.brand}-${card.last4}-${card.expYear}-${card.expMonth}`} data-testid="card">
            {`${card.brand.toUpperCase()} •••• ${card.last4} — ${accountMessages.cardExpires} ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`}
          </Text>
        ))}
      <Button
        mt="md"
        onClick={() => portal.mutate({ params: { id: customer.uuid }, query: {} })}
        loading={portal.isLeaving}
      >
        {accountMessages.managePaymentMethod}
      </Button>
      {portal.error && (
        <Alert color="red" role="alert" mt="sm" data-testid="portal-error">
          {portal.error.message}
        </Alert>
      )}
    </Card>
  );
}

/** Part 1 section 2, Account screen: one dialog at a time; saving closes it and reloads the customer. */
export function AccountPage() {
  const customer = useCustomer();
  const [dialog, setDialog] = useState<AccountDialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (customer.isPending) return <Loader aria-label={commonMessages.loading} />;
  if (customer.isError) {
    return (
      <Alert color="red" role="alert">
        {customer.error.message}
      </Alert>
    );
  }
  const Dialog = dialog ? DIALOGS[dialog] : null;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {accountMessages.accountTitle}
      </Title>
      {notice && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          onClose={() => setNotice(null)}
          closeButtonLabel="Dismiss"
        >
          {notice}
        </Alert>
      )}
      <AccountInformation
        customer={customer.data}
        onEdit={(next) => {
          setNotice(null);
          setDialog(next);
        }}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {customer.data.isGuestCodesActive && <GuestCodeCard customer={customer.data} />}
        <AdministratorContact />
        <PaymentMethodCard customer={customer.data} />
      </SimpleGrid>
      <YourDataCard />
      {Dialog && (
        <Dialog
          customer={customer.data}
          onClose={() => setDialog(null)}
          onSaved={(message) => {
            setDialog(null);
            if (message) setNotice(message);
          }}
        />
      )}
    </Stack>
  );
}
