import { Alert, Button, Stack } from '@mantine/core';
import { type Citation, citationCheckoutContract } from '../../../shared/contract';
import { citationMessages } from '../../../shared/messages';
import { tenantForPath } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { useIsHydrated } from '../../app/use-is-hydrated';
import { useRedirectingMutation } from '../../lib/use-redirecting-mutation';

/** Asks the server for a hosted checkout of what is due now and sends the browser there. */
export function PayCitationButton({ citation, label }: { citation: Citation; label?: string }) {
  const brand = useBrand();
  const checkout = useRedirectingMutation(citationCheckoutContract, (answer) => answer.checkoutURL);
  const isHydrated = useIsHydrated();
  const startCheckout = () =>
    checkout.mutate({ params: { uuid: citation.uuid, subdomain: tenantForPath(brand?.subdomain) } });

  return (
    <Stack gap="xs">
      <Button size="lg" onClick={startCheckout} loading={checkout.isLeaving} disabled={!isHydrated}>
        {label ?? citationMessages.payNow}
      </Button>
      {checkout.isError && (
        <Alert color="red" role="alert">
          {citationMessages.noLongerValid}
        </Alert>
      )}
    </Stack>
  );
}
