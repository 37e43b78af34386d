import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Citation } from '../../../shared/contract';
import { formatDate, formatMoney } from '../../../shared/format';
import { citationMessages, paymentMessages } from '../../../shared/messages';
import { CITATION_BANNER_TEXT, citationBannerKind, displayPaymentStatus } from '../../../shared/rules';
import { useTenantTimeZone } from '../../app/brand';
import { citationFacts, FactsTable } from '../../components/facts-table';
import { useCitation } from './api';
import { PayCitationButton } from './pay-citation-button';
import { PaymentBreakdown } from './payment-breakdown';

function LatePenalties({ citation }: { citation: Citation }) {
  const tiers = [
    { days: citation.lateDays1, amount: citation.lateAmount1 },
    { days: citation.lateDays2, amount: citation.lateAmount2 },
  ].filter((tier): tier is { days: number; amount: number } => tier.days !== null && tier.amount !== null);
  if (tiers.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text fw={600}>{citationMessages.lateFees}</Text>
      {tiers.map((tier) => (
        <Text key={tier.days} size="sm">
          {`+${formatMoney(tier.amount)} after ${tier.days} days`}
        </Text>
      ))}
      {citation.lateFee > 0 && (
        <Text size="sm" c="red.9">{`${formatMoney(citation.lateFee)} in late penalties applied`}</Text>
      )}
    </Stack>
  );
}

/** /citations/{uuid}: what the notice is, what it costs today, its photos, and the way to pay. */
export function CitationDetailPage() {
  const { citationUUID } = useParams();
  const [searchParams] = useSearchParams();
  // Where the checkout sends the browser back: ?checkout=success or ?checkout=cancelled.
  const checkoutReturn = searchParams.get('checkout');
  const timeZone = useTenantTimeZone();
  const query = useCitation(citationUUID, { awaitingPayment: checkoutReturn === 'success' });

  if (query.isLoading) return <Loader aria-label={citationMessages.loadingNotice} />;
  if (query.isError || !query.data) {
    return (
      <Alert color="red" role="alert" title={citationMessages.noLongerValid}>
        <Anchor component={Link} to="/">
          {citationMessages.search}
        </Anchor>
      </Alert>
    );
  }
  const citation = query.data;
  const banner = citationBannerKind(citation);
  return (
    <Stack gap="lg" maw={860} mx="auto">
      <Title order={1}>{`${citationMessages.noticeHeading} ${citation.citationNumber}`}</Title>
      <div
        className={`citation-banner citation-banner--${banner}`}
        role="status"
        data-testid="citation-banner"
      >
        {CITATION_BANNER_TEXT[banner]}
      </div>
      {checkoutReturn === 'success' && banner === 'payable' && (
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
      {banner === 'paid' && citation.receiptUrl && (
        <Anchor href={citation.receiptUrl} data-testid="receipt-link">
          {paymentMessages.viewReceipt}
        </Anchor>
      )}
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
          <Stack gap={4}>
            <Text c="dimmed" size="sm">
              {citationMessages.amountDue}
            </Text>
            <Text size="2rem" fw={700} data-testid="amount-due">
              {formatMoney(citation.amountDue)}
            </Text>
            <Group gap="xs">
              <Text size="sm">{citationMessages.status}:</Text>
              <Badge variant="outline" color="dark">
                {displayPaymentStatus(citation.paymentStatus)}
              </Badge>
              {citation.amountOverride !== null && (
                <Badge variant="outline" color="dark">
                  {citationMessages.adjusted}
                </Badge>
              )}
            </Group>
          </Stack>
          <LatePenalties citation={citation} />
          {banner === 'payable' && <PayCitationButton citation={citation} />}
        </Group>
      </Card>
      {banner === 'payable' && <PaymentBreakdown citation={citation} />}
      <FactsTable
        facts={[
          ...citationFacts(citation, timeZone),
          [citationMessages.factVehicle, [citation.color, citation.make].filter(Boolean).join(' ') || null],
          [
            citationMessages.factPaidOn,
            citation.datePaid ? formatDate(citation.datePaid, timeZone, 'dateTime') : null,
          ],
        ]}
      />
      {citation.comments && <Text>{citation.comments}</Text>}
      {citation.imageURLs.length > 0 && (
        <Stack gap="sm">
          <Title order={2} size="h3">
            {citationMessages.images}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {citation.imageURLs.map((url, index) => (
              <Anchor key={url} href={url} target="_blank" rel="noopener">
                <Image src={url} alt={`${citationMessages.photoAlt} ${index + 1}`} radius="sm" />
              </Anchor>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      <Anchor component={Link} to={`/citations?plate=${encodeURIComponent(citation.plate)}`}>
        {citationMessages.backToResults}
      </Anchor>
    </Stack>
  );
}
