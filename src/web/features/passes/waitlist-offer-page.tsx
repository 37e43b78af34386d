import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { declineWaitlistOfferContract, type WaitlistOffer } from '../../../shared/contract';
import { formatDate } from '../../../shared/format';
import { fillMessage, waitlistMessages as m, passScreenMessages } from '../../../shared/messages';
import { useTenantTimeZone } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { FailureAlert } from '../../components/form-alerts';
import { PageCard } from '../../components/form-card';
import { contractMutation } from '../../lib/contract-query';
import { useWaitlistOffer, waitlistOfferQuery } from './waitlist-api';

/** Where "Buy your pass" leads: the account's application for someone who joined signed in. */
function checkoutPath(offer: WaitlistOffer, token: string): string {
  const base = offer.isCustomer
    ? paths.passes.apply(offer.productUUID)
    : paths.passes.guestCheckout(offer.productUUID);
  return `${base}?offer=${encodeURIComponent(token)}`;
}

function statusSentence(offer: WaitlistOffer, timeZone: string): string {
  const deadline = offer.offerExpiresAt ? formatDate(offer.offerExpiresAt, timeZone, 'dateTime') : '';
  switch (offer.status) {
    case 'accepted':
      return m.offerAccepted;
    case 'declined':
      return m.offerDeclined;
    case 'expired':
      return fillMessage(m.offerExpired, { deadline });
    case 'removed':
      return m.offerRemoved;
    default:
      return fillMessage(m.offerHeld, { deadline });
  }
}

/**
 * /waitlist/offer/{token}: the page the offer's email links to (issue 31). While the place is held:
 * buy it (the checkout carries the offer) or decline it (it goes to the next person in line).
 */
export function WaitlistOfferPage() {
  const { token = '' } = useParams();
  const timeZone = useTenantTimeZone();
  const offer = useWaitlistOffer(token);
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const declining = useMutation({
    ...contractMutation(declineWaitlistOfferContract),
    onSuccess: (answer) => {
      queryClient.setQueryData(waitlistOfferQuery(token).queryKey, answer);
      setIsConfirming(false);
    },
  });
  useDocumentTitle(offer.data ? fillMessage(m.offerTitle, { product: offer.data.productName }) : m.loading);

  if (offer.isPending) return <Loader aria-label={m.loading} />;
  if (offer.isError) {
    return (
      <Stack gap="md" maw={560} mx="auto">
        <Alert color="red" role="alert" data-testid="waitlist-offer-missing">
          {m.offerNotFound}
        </Alert>
        <Button component={Link} to={paths.passes.choose()} variant="outline">
          {passScreenMessages.backToPasses}
        </Button>
      </Stack>
    );
  }
  const data = offer.data;
  const isOpen = data.status === 'offered';

  return (
    <PageCard
      titleId="offer-title"
      title={fillMessage(m.offerTitle, { product: data.productName })}
      width={560}
    >
      <Text data-testid="waitlist-offer-status" role="status">
        {statusSentence(data, timeZone)}
      </Text>
      <FailureAlert message={declining.error?.message ?? null} />
      {isOpen && !isConfirming && (
        <Group gap="sm" grow wrap="wrap">
          <Button component={Link} to={checkoutPath(data, token)}>
            {m.offerBuy}
          </Button>
          <Button variant="default" onClick={() => setIsConfirming(true)}>
            {m.offerDecline}
          </Button>
        </Group>
      )}
      {isOpen && isConfirming && (
        <Stack gap="sm">
          <Text>{m.offerDeclineConfirm}</Text>
          <Group gap="sm" grow wrap="wrap">
            <Button variant="default" onClick={() => setIsConfirming(false)}>
              {m.cancel}
            </Button>
            <Button
              color="red"
              loading={declining.isPending}
              onClick={() => declining.mutate({ params: { token } })}
            >
              {m.offerDecline}
            </Button>
          </Group>
        </Stack>
      )}
      {!isOpen && (
        <Button component={Link} to={paths.passes.choose()} variant="outline">
          {passScreenMessages.backToPasses}
        </Button>
      )}
    </PageCard>
  );
}
