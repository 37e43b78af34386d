import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import type { IssuedPermit, Vehicle } from '../../../shared/contract';
import { formatMoney, formatPeriod, formatRecurringMoney, periodOfBilling } from '../../../shared/format';
import { formatDate } from '../../../shared/format/dates';
import { fillMessage, passDashboardMessages as m, passMessages } from '../../../shared/messages';
import {
  describePassWindow,
  passStatusText,
  passStatusTone,
  plateText,
} from '../../../shared/rules/pass-display';
import { useBrand, useTenantTimeZone } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { useJwt } from '../../lib/session';
import { useCustomer } from '../accounts/api';
import { readOperatorToken } from '../operator/operator-session';
import { useIssuedPermit, usePayPassAgain } from './api';
import { ApprovalPanel } from './approval-panel';
import { ExtensionPanel } from './extension-panel';
import { usePassProofLink } from './living-api';
import { describeDailyWindow, invalidPassPath } from './pass-presenters';
import { STATUS_COLOURS } from './status-colours';

/** Section 2: the page loads for these paid statuses only; any other goes to the invalid page. */
const LOADABLE_STATUSES: ReadonlySet<IssuedPermit['paidStatus']> = new Set([
  'paid',
  'waiting',
  'canceled',
  'incomplete',
]);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" className="break-anywhere">
        {children}
      </Text>
    </Stack>
  );
}

/** The amount, and for a recurring pass how often it is charged: '$75.00 / month'. */
function amountOf(permit: IssuedPermit): string {
  const period = permit.isRecurring ? periodOfBilling(permit.billingPeriod) : null;
  return period ? formatRecurringMoney(permit.amount, period) : formatMoney(permit.amount);
}

/** A recurring pass says that it renews and how to stop it, or that its renewal has stopped (issue 27). */
function RenewalNote({ permit }: { permit: IssuedPermit }) {
  const period = periodOfBilling(permit.billingPeriod);
  if (!permit.isRecurring || !period) return null;
  if (permit.isRenewing) {
    return (
      <Stack gap={4} data-testid="renewal-note">
        <Text>
          {fillMessage(m.renewsEvery, { period: formatPeriod(period), amount: formatMoney(permit.amount) })}
        </Text>
        <Anchor component={Link} to={paths.passes.edit(permit.uuid)}>
          {m.stopRenewing}
        </Anchor>
      </Stack>
    );
  }
  if (permit.paidStatus !== 'canceled') return null;
  return (
    <Text fw={600} data-testid="renewal-note">
      {m.renewalStopped}
    </Text>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function VehicleLine({ vehicle }: { vehicle: Vehicle }) {
  const details = [vehicle.state, vehicle.make, vehicle.model, vehicle.color].filter(Boolean).join(' · ');
  return (
    <Group justify="space-between" wrap="nowrap" component="li" data-testid="receipt-vehicle">
      <Stack gap={0} miw={0}>
        <Text fw={700}>{plateText(vehicle.plate)}</Text>
        {details && (
          <Text size="sm" c="dimmed">
            {details}
          </Text>
        )}
      </Stack>
      <Group gap={4} wrap="nowrap">
        {vehicle.isPrimary && <Badge variant="outline">{m.primaryVehicle}</Badge>}
        <Badge
          variant={vehicle.isActive ? 'filled' : 'outline'}
          color={vehicle.isActive ? STATUS_COLOURS.good : STATUS_COLOURS.ended}
        >
          {vehicle.isActive ? m.vehicleActive : m.vehicleInactive}
        </Badge>
      </Group>
    </Group>
  );
}

function PaymentRequired({ permit }: { permit: IssuedPermit }) {
  const brand = useBrand();
  // The same pass and the same fulfilment as at checkout.
  const checkout = usePayPassAgain(brand?.subdomain ?? '');
  return (
    <Alert
      color={STATUS_COLOURS.attention}
      variant="outline"
      title={passMessages.paymentRequired}
      data-testid="payment-required"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{formatMoney(permit.amount)}</Text>
        {checkout.error && (
          <Text size="sm" c="red.9" role="alert">
            {checkout.error.message}
          </Text>
        )}
        <Button
          onClick={() => checkout.payAgain(permit.uuid)}
          loading={checkout.isLeaving}
          data-testid="proceed-to-payment"
        >
          {passMessages.proceedToPayment}
        </Button>
      </Stack>
    </Alert>
  );
}

function ProofOfCoverage({ permit }: { permit: IssuedPermit }) {
  const proof = usePassProofLink(permit.uuid, permit.paidStatus === 'paid');
  if (permit.paidStatus !== 'paid') return null;
  return (
    <Section id="proof-title" title={m.proofTitle}>
      <Text size="sm">{m.proofIntro}</Text>
      {proof.isLoading && <Loader size="sm" aria-label={m.proofTitle} />}
      {proof.data && (
        <Group gap="md" align="center">
          <Image src={proof.data.qrCodeDataUrl} alt={m.proofQrAlt} w={180} h={180} data-testid="proof-qr" />
          <Anchor component={Link} to={new URL(proof.data.proofUrl).pathname}>
            {m.proofOpen}
          </Anchor>
        </Group>
      )}
    </Section>
  );
}

/**
 * Who may decide on this waiting pass from this page: an operator signed in to the console (their
 * token wins), else a member of the business account that issued it. The server has the last word
 * (owner, tenant, role).
 */
function useApproverToken(permit: IssuedPermit | undefined): string | null {
  const customerJwt = useJwt();
  const customer = useCustomer();
  const operatorToken = readOperatorToken();
  if (operatorToken) return operatorToken;
  const businessUUID = customer.data?.customerEntityUUID;
  return businessUUID && businessUUID === permit?.businessAccountUUID ? customerJwt : null;
}

/** /permit/issued/{permitissueduuid}/receipt (part 2 section 2, Guest issued-pass page). */
export function IssuedReceiptPage() {
  const { permitissueduuid = '' } = useParams();
  const permit = useIssuedPermit(permitissueduuid);
  const timeZone = useTenantTimeZone();
  const customer = useCustomer();
  const approverToken = useApproverToken(permit.data);
  // After a decision: whether the registrant was emailed (null: no decision on this visit).
  const [decisionEmailed, setDecisionEmailed] = useState<boolean | null>(null);
  const data = permit.data;
  useDocumentTitle(data ? fillMessage(m.receiptTitle, { id: data.customerPermitId }) : m.passCard);

  if (permit.isError) return <Navigate to={paths.notFound()} replace />;
  if (!data) return <Loader aria-label={m.loading} />;
  if (!LOADABLE_STATUSES.has(data.paidStatus))
    return <Navigate to={invalidPassPath(data.paidStatus)} replace />;

  const now = new Date();
  const statusText = passStatusText(data, { now, timeZone, surface: 'receipt' });
  const tone = passStatusTone(data, now);
  const vehicles = [data.vehicle, ...data.secondaryVehicles].filter(
    (vehicle): vehicle is Vehicle => vehicle !== null,
  );
  const holder = data.permitHolder;
  const holderAddress = holder
    ? [
        holder.address1,
        holder.address2,
        [holder.city, holder.state, holder.zip].filter(Boolean).join(' '),
        holder.country,
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const isBusiness = Boolean(customer.data?.customerEntityName);
  const canEdit = data.paidStatus !== 'canceled';

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {fillMessage(m.receiptTitle, { id: data.customerPermitId })}
        </Title>
        <Text size="lg">{data.permitName}</Text>
      </Stack>

      {decisionEmailed !== null && (
        <Alert color="green" variant="outline" role="status" data-testid="decision-saved">
          {decisionEmailed ? m.decisionSaved : m.decisionSavedNotEmailed}
        </Alert>
      )}
      {data.paidStatus === 'incomplete' && <PaymentRequired permit={data} />}
      {data.paidStatus === 'paid' && <ExtensionPanel permitUuid={data.uuid} />}
      {data.paidStatus === 'waiting' && approverToken && (
        <ApprovalPanel permit={data} authorization={approverToken} onDecided={setDecisionEmailed} />
      )}

      <Section id="pass-title" title={m.passCard}>
        <Group gap="xs">
          <Badge
            size="lg"
            variant={tone === 'valid' ? 'filled' : 'outline'}
            color={
              tone === 'valid'
                ? STATUS_COLOURS.good
                : tone === 'attention'
                  ? STATUS_COLOURS.attention
                  : STATUS_COLOURS.ended
            }
            data-testid="receipt-status"
          >
            {statusText}
          </Badge>
        </Group>
        {data.permitDescription && <Text>{data.permitDescription}</Text>}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label={m.validFrom}>{formatDate(data.issuedOn, timeZone, 'dateTime')}</Field>
          <Field label={m.validTo}>{formatDate(data.expiresAt, timeZone, 'dateTime')}</Field>
          <Field label={m.duration}>{describePassWindow(data.issuedOn, data.expiresAt, timeZone)}</Field>
          {data.dailyWindow && (
            <Field label={m.dailyWindow}>
              <span data-testid="receipt-daily-window">{describeDailyWindow(data.dailyWindow)}</span>
            </Field>
          )}
          <Field label={m.amountPaid}>{amountOf(data)}</Field>
          {data.customerName && <Field label={m.registrant}>{data.customerName}</Field>}
        </SimpleGrid>
        {data.receiptUrl && (
          <Anchor href={data.receiptUrl} target="_blank" rel="noopener noreferrer">
            {m.receiptLink}
          </Anchor>
        )}
        <RenewalNote permit={data} />
      </Section>

      <Section id="vehicles-title" title={m.vehicles}>
        {vehicles.length === 0 ? (
          <Text>{m.noVehicles}</Text>
        ) : (
          <Stack component="ul" gap="sm" className="plain-list">
            {vehicles.map((vehicle) => (
              <VehicleLine key={vehicle.uuid} vehicle={vehicle} />
            ))}
          </Stack>
        )}
        {canEdit && (
          <Anchor component={Link} to={paths.passes.edit(data.uuid)} data-testid="edit-link">
            {isBusiness ? m.editLinkBusiness : m.editLink}
          </Anchor>
        )}
      </Section>

      {holder && (
        <Section id="holder-title" title={m.holder}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {holder.name && <Field label={m.fieldName}>{holder.name}</Field>}
            {holder.email && <Field label={m.fieldEmail}>{holder.email}</Field>}
            {holder.label && <Field label={m.fieldLabel}>{holder.label}</Field>}
            {holder.lotName && <Field label={m.fieldLot}>{holder.lotName}</Field>}
            {holderAddress && <Field label={m.fieldAddress}>{holderAddress}</Field>}
          </SimpleGrid>
        </Section>
      )}

      {data.customFormFields.length > 0 && (
        <Section id="fields-title" title={m.customFields}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {data.customFormFields.map((field) => (
              <Field key={field.label} label={field.label}>
                {field.value || '—'}
              </Field>
            ))}
          </SimpleGrid>
        </Section>
      )}

      {data.regImgUrls.length > 0 && (
        <Section id="images-title" title={m.registrationImages}>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {data.regImgUrls.map((url, index) => (
              <Anchor key={url} href={url} target="_blank" rel="noopener noreferrer">
                <Image
                  src={url}
                  alt={fillMessage(m.registrationImageAlt, { n: index + 1 })}
                  radius="sm"
                  h={120}
                  fit="cover"
                />
                <Text size="sm">{fillMessage(m.registrationDocumentLink, { n: index + 1 })}</Text>
              </Anchor>
            ))}
          </SimpleGrid>
        </Section>
      )}

      <ProofOfCoverage permit={data} />
    </Stack>
  );
}
