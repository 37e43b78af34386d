import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import type { CitationDetail } from '../../../shared/contract';
import { formatDate } from '../../../shared/format';
import {
  citationMessages,
  noticeSearchMessages,
  paymentMessages,
  paymentPlanMessages,
} from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import {
  type CitationBannerKind,
  citationBannerKind,
  citationBannerText,
  displayPaymentStatus,
} from '../../../shared/rules';
import { useTenantTimeZone } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { citationFacts, FactsTable, headlineAmount } from '../../components/facts-table';
import { PhotoGallery } from '../../components/photo-gallery';
import { useCitation } from './api';
import { citationHistory, upcomingPenaltyText } from './citation-presenters';
import { PayCitationButton } from './pay-citation-button';
import { PaymentBreakdown } from './payment-breakdown';
import { PaymentPlanOfferPanel, PaymentPlanStatus } from './payment-plan-panel';

/** Read at each render, so the texts are in the page's language. */
const NEXT_STEP_TEXT = (): Record<CitationBannerKind, string> => ({
  payable: citationMessages.nextStepPay,
  paid: citationMessages.nextStepPaid,
  voided: citationMessages.nextStepVoided,
  warning: citationMessages.nextStepWarning,
});

/** The headline figure, and what goes with it: the breakdown and pay button, or the payment made. */
function AmountCard({
  citation,
  kind,
  timeZone,
}: {
  citation: CitationDetail;
  kind: CitationBannerKind;
  timeZone: string;
}) {
  const isOnPlan = citation.paymentPlan?.status === 'active';
  const headline = headlineAmount(citation);
  const upcoming = upcomingPenaltyText(citation);
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
          <Stack gap={4}>
            <Text c="dimmed" size="sm">
              {headline.label}
            </Text>
            <Text size="2rem" fw={700} data-testid="headline-amount">
              {headline.amount}
            </Text>
            <Group gap="xs">
              <Text size="sm">{citationMessages.status}:</Text>
              <Badge variant="outline" color="dark">
                {displayPaymentStatus(citation.paymentStatus)}
              </Badge>
              {kind === 'payable' && citation.amountOverride !== null && (
                <Badge variant="outline" color="dark">
                  {citationMessages.adjusted}
                </Badge>
              )}
            </Group>
          </Stack>
          {kind === 'payable' && (
            <Stack gap="xs">
              <PayCitationButton
                citation={citation}
                label={isOnPlan ? paymentPlanMessages.payRest : undefined}
              />
              {citation.paymentPlanOffer && !isOnPlan && (
                <PaymentPlanOfferPanel citation={citation} offer={citation.paymentPlanOffer} />
              )}
            </Stack>
          )}
        </Group>
        {kind === 'payable' && <PaymentBreakdown citation={citation} />}
        {upcoming && (
          <Text size="sm" data-testid="upcoming-penalty">
            {upcoming}
          </Text>
        )}
        {kind === 'paid' && (
          <Stack gap={4}>
            {citation.datePaid && (
              <Text data-testid="paid-on">{`${citationMessages.paidOn} ${formatDate(citation.datePaid, timeZone, 'dateTime')}`}</Text>
            )}
            {citation.receiptUrl && (
              <Anchor href={citation.receiptUrl} data-testid="receipt-link">
                {paymentMessages.viewReceipt}
              </Anchor>
            )}
          </Stack>
        )}
        {kind === 'voided' && (
          <Stack gap={4}>
            {citation.voidDate && (
              <Text>{`${citationMessages.voidedOn} ${formatDate(citation.voidDate, timeZone, 'dateTime')}`}</Text>
            )}
            <Text>{citationMessages.nothingDue}</Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function NextStep({ citation, kind }: { citation: CitationDetail; kind: CitationBannerKind }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="next-step-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="next-step-title">
          {citationMessages.nextStepTitle}
        </Title>
        <Text>{NEXT_STEP_TEXT()[kind]}</Text>
        <Group gap="lg">
          {kind === 'payable' && (
            <Anchor component={Link} to={paths.appeal(citation.uuid)}>
              {citationMessages.appealLink}
            </Anchor>
          )}
          <Anchor component={Link} to={paths.ticketview(citation.uuid)}>
            {citationMessages.printNotice}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

function History({ citation, timeZone }: { citation: CitationDetail; timeZone: string }) {
  const entries = citationHistory(citation, timeZone);
  return (
    <Stack gap="sm" component="section" aria-labelledby="history-title">
      <Title order={2} size="h3" id="history-title">
        {citationMessages.historyTitle}
      </Title>
      <Timeline active={entries.length - 1} bulletSize={14} lineWidth={2} color="dark" data-testid="history">
        {entries.map((entry) => (
          <Timeline.Item key={entry.key} title={entry.text}>
            <Text size="sm">{entry.date}</Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

/** /citations/{uuid}: what the notice is, what it costs today or what was paid, and what to do next. */
export function CitationDetailPage() {
  const { citationUUID } = useParams();
  const [searchParams] = useSearchParams();
  // Where the checkout sends the browser back: ?checkout=success or ?checkout=cancelled.
  const checkoutReturn = searchParams.get('checkout');
  const timeZone = useTenantTimeZone();
  // Back from a plan's first instalment: the notice stays payable, on a plan once the payment is in.
  const isPlanStarting = checkoutReturn === 'success' && searchParams.get('plan') === 'started';
  const query = useCitation(citationUUID, {
    awaitingPayment: checkoutReturn === 'success',
    awaitingPlan: isPlanStarting,
  });

  if (query.isLoading) return <Loader aria-label={citationMessages.loadingNotice} />;
  if (query.isError || !query.data) {
    return (
      <Alert color="red" role="alert" title={citationMessages.noLongerValid}>
        <Anchor component={Link} to={paths.home()}>
          {noticeSearchMessages.search}
        </Anchor>
      </Alert>
    );
  }
  const citation = query.data;
  const banner = citationBannerKind(citation);
  const count = citation.imageURLs.length;
  return (
    <Stack gap="lg" maw={860} mx="auto">
      <Title order={1}>{`${citationMessages.noticeHeading} ${citation.citationNumber}`}</Title>
      <div
        className={`citation-banner citation-banner--${banner}`}
        role="status"
        data-testid="citation-banner"
      >
        {citationBannerText()[banner]}
      </div>
      {isPlanStarting && citation.paymentPlan?.status === 'active' && (
        <Text fw={600} role="status" data-testid="plan-started">
          {paymentPlanMessages.firstPaidBanner}
        </Text>
      )}
      {checkoutReturn === 'success' && banner === 'payable' && !(isPlanStarting && citation.paymentPlan) && (
        <Group gap="sm" role="status" data-testid="payment-confirming">
          <Loader size="sm" aria-hidden />
          <Text fw={600}>{paymentMessages.confirmingPayment}</Text>
        </Group>
      )}
      {checkoutReturn === 'cancelled' && banner === 'payable' && (
        <Text fw={600} role="status" data-testid="payment-cancelled">
          {paymentMessages.paymentCancelled}
        </Text>
      )}
      <AmountCard citation={citation} kind={banner} timeZone={timeZone} />
      {citation.paymentPlan && <PaymentPlanStatus plan={citation.paymentPlan} />}
      <NextStep citation={citation} kind={banner} />
      <FactsTable
        facts={[
          ...citationFacts(citation, timeZone),
          [citationMessages.factVehicle, [citation.color, citation.make].filter(Boolean).join(' ') || null],
        ]}
      />
      {citation.comments && <Text>{citation.comments}</Text>}
      <History citation={citation} timeZone={timeZone} />
      {count > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="photos-title">
          <Title order={2} size="h3" id="photos-title">
            {citationMessages.images}
          </Title>
          <PhotoGallery
            urls={citation.imageURLs}
            labels={{
              alt: (n) => `${citationMessages.photoAlt} ${n}`,
              open: (n) => fillMessage(citationMessages.openPhoto, { n }),
              position: (n, total) => fillMessage(citationMessages.photoOf, { n, count: total }),
              previous: citationMessages.previousPhoto,
              next: citationMessages.nextPhoto,
              close: citationMessages.closePhoto,
            }}
          />
        </Stack>
      )}
      <Anchor component={Link} to={paths.citations({ plate: citation.plate })}>
        {citationMessages.backToResults}
      </Anchor>
    </Stack>
  );
}
