import { Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import type { IssuedPermit } from '../../../shared/contract';
import {
  commonMessages,
  passDashboardMessages,
  passMessages,
  passScreenMessages,
} from '../../../shared/messages';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { FailureAlert } from '../../components/form-alerts';
import { useJwt } from '../../lib/session';
import { useIssuedPermit, usePayPassAgain } from './api';
import { invalidPassPath } from './pass-presenters';

/** How long the success page waits for the payment event after the provider sent the browser back. */
const PAYMENT_CONFIRM_POLLS = 20;
const PAYMENT_CONFIRM_INTERVAL_MS = 1500;

/** The pass of a result page: from the path (/permits/apply/{uuid}/…) or the query (?id=). */
function usePermitIssuedUuid(): string | null {
  const { permitIssuedUUID } = useParams();
  const [searchParams] = useSearchParams();
  return permitIssuedUUID ?? searchParams.get('id');
}

/**
 * Where a result page leads (issue 27): the pass and its payment receipt when there is one, and
 * 'Back to dashboard' for a signed-in customer; a guest has no dashboard, so their way back is
 * the pass itself (or the catalogue, when there is no pass), never a sign-in wall.
 */
function ResultLinks({ permit, passLabel }: { permit?: IssuedPermit; passLabel: string }) {
  const isSignedIn = Boolean(useJwt());
  return (
    <Group gap="sm" mt="sm">
      {permit && (
        <Button component={Link} to={paths.passes.receipt(permit.uuid)} data-testid="view-pass">
          {passLabel}
        </Button>
      )}
      {permit?.receiptUrl && (
        <Button
          component="a"
          href={permit.receiptUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="outline"
        >
          {passDashboardMessages.receiptLink}
        </Button>
      )}
      {permit?.paidStatus === 'paid' && (
        <Button component={Link} to={paths.passes.edit(permit.uuid)} variant="subtle">
          {passScreenMessages.editOrCancel}
        </Button>
      )}
      {isSignedIn ? (
        <Button component={Link} to={paths.account.dashboard()} variant={permit ? 'default' : 'filled'}>
          {passMessages.backToDashboard}
        </Button>
      ) : (
        !permit && (
          <Button component={Link} to={paths.passes.choose()}>
            {passScreenMessages.chooseAPass}
          </Button>
        )
      )}
    </Group>
  );
}

function ResultCard(props: { tone: 'ok' | 'problem'; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="xl" maw={560} mx="auto" component="section" aria-labelledby="result-title">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" color={props.tone === 'ok' ? 'green.8' : 'red.9'} aria-hidden>
          <Text fw={700} size="xl" c="white">
            {props.tone === 'ok' ? '✓' : '!'}
          </Text>
        </ThemeIcon>
        <Title order={1} size="h2" id="result-title">
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </Card>
  );
}

function PermitIdLine({ label, permit }: { label: string; permit: IssuedPermit | undefined }) {
  if (!permit) return null;
  return (
    <Group gap="xs">
      <Text c="dimmed">{label}</Text>
      <Text fw={700} data-testid="permit-id">
        {permit.customerPermitId}
      </Text>
    </Group>
  );
}

/**
 * Back from a cancelled or failed payment — or at the success page with no pass at all, where
 * nothing was paid: the texts of section 8, and a way to try again when there is a pass to pay.
 */
function PaymentUnsuccessful({ permit }: { permit?: IssuedPermit }) {
  const brand = useBrand();
  const checkout = usePayPassAgain(brand?.subdomain ?? '');

  return (
    <ResultCard tone="problem" title={passMessages.paymentUnsuccessfulTitle}>
      <Text data-testid="result-message">{passMessages.paymentUnsuccessfulBody}</Text>
      <Text size="sm" c="dimmed">
        {passMessages.paymentUnsuccessfulShort}
      </Text>
      <FailureAlert message={checkout.error?.message} />
      {permit && (
        <Button variant="outline" onClick={() => checkout.payAgain(permit.uuid)} loading={checkout.isLeaving}>
          {passScreenMessages.tryPaymentAgain}
        </Button>
      )}
      <ResultLinks permit={permit} passLabel={passScreenMessages.viewPermit} />
    </ResultCard>
  );
}

/**
 * The pass of the success page. Back from the provider, the payment event may land a moment
 * after the browser does: an incomplete pass is asked again a few times before the page says the
 * payment did not go through.
 */
function usePermitAfterPayment(permitIssuedUuid: string | null, isBackFromPayment: boolean) {
  const [polls, setPolls] = useState(0);
  const permit = useIssuedPermit(permitIssuedUuid, (query) =>
    isBackFromPayment &&
    query.state.data?.paidStatus === 'incomplete' &&
    query.state.dataUpdateCount < PAYMENT_CONFIRM_POLLS
      ? PAYMENT_CONFIRM_INTERVAL_MS
      : false,
  );
  const updates = permit.dataUpdatedAt;
  useEffect(() => {
    if (updates > 0) setPolls((count) => count + 1);
  }, [updates]);
  return { ...permit, isWaitingForPayment: polls < PAYMENT_CONFIRM_POLLS };
}

/** /permits/issued/success and /permits/apply/{permitIssuedUUID}/success. */
export function IssuedSuccessPage() {
  const permitIssuedUuid = usePermitIssuedUuid();
  const [searchParams] = useSearchParams();
  const isBackFromPayment = searchParams.get('checkout') === 'success';
  const isCancelled = searchParams.get('checkout') === 'cancelled';
  useDocumentTitle(passMessages.issuedSuccess);
  // Back from the provider, the payment event may land a moment after the browser: ask again a few times.
  const permit = usePermitAfterPayment(permitIssuedUuid, isBackFromPayment);

  if (permit.isError) return <Navigate to={paths.notFound()} replace />;
  if (permitIssuedUuid && permit.isPending) return <Loader aria-label={commonMessages.loading} />;
  const data = permit.data;
  if (data?.paidStatus === 'incomplete') {
    if (isBackFromPayment && !isCancelled && permit.isWaitingForPayment) {
      return (
        <ResultCard tone="ok" title={passScreenMessages.confirmingPayment}>
          <Loader size="sm" aria-label={passScreenMessages.confirmingPayment} />
        </ResultCard>
      );
    }
    return <PaymentUnsuccessful permit={data} />;
  }
  if (data?.paidStatus === 'waiting') return <Navigate to={paths.passes.submitted(data.uuid)} replace />;
  // No pass: nothing was paid (section 2: an unpaid success page reads 'Payment unsuccessful...').
  if (!data) return <PaymentUnsuccessful />;
  if (data.paidStatus !== 'paid') return <Navigate to={invalidPassPath(data.paidStatus)} replace />;
  return (
    <ResultCard tone="ok" title={passMessages.issuedSuccess}>
      <Text fw={600}>{passScreenMessages.successTitle}</Text>
      <PermitIdLine label={passScreenMessages.permitId} permit={data} />
      <Text data-testid="result-message">{passMessages.issuedSuccessBody}</Text>
      <ResultLinks permit={data} passLabel={passScreenMessages.viewPermit} />
    </ResultCard>
  );
}

/** /permits/issued/submitted and /permits/apply/{permitIssuedUUID}/submitted. */
export function IssuedSubmittedPage() {
  const permitIssuedUuid = usePermitIssuedUuid();
  const permit = useIssuedPermit(permitIssuedUuid);
  useDocumentTitle(passMessages.submittedTitle);
  if (permit.isError) return <Navigate to={paths.notFound()} replace />;
  if (permitIssuedUuid && permit.isPending) return <Loader aria-label={commonMessages.loading} />;
  return (
    <ResultCard tone="ok" title={passMessages.submittedTitle}>
      <PermitIdLine label={passScreenMessages.applicationId} permit={permit.data} />
      <Text data-testid="result-message">{passMessages.submittedBody}</Text>
      <ResultLinks permit={permit.data} passLabel={passScreenMessages.viewRequest} />
    </ResultCard>
  );
}

/**
 * /permits/issued/invalid: a pass that cannot be shown. A rejected request says that it was
 * rejected (?reason=rejected, issue 27); anything else is the spec's canceled-or-voided notice.
 */
export function IssuedInvalidPage() {
  const [searchParams] = useSearchParams();
  const isRejected = searchParams.get('reason') === 'rejected';
  const title = isRejected ? passScreenMessages.rejectedTitle : passScreenMessages.invalidTitle;
  useDocumentTitle(title);
  return (
    <ResultCard tone="problem" title={title}>
      <Text data-testid="result-message">
        {isRejected ? passScreenMessages.rejectedNotice : passMessages.canceledOrVoided}
      </Text>
      <ResultLinks passLabel={passScreenMessages.viewPermit} />
    </ResultCard>
  );
}
