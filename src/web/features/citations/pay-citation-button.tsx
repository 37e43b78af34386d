import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { type Citation, citationCheckoutContract } from '../../../shared/contract';
import { citationMessages } from '../../../shared/messages';
import { tenantForPath } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { useIsHydrated } from '../../app/use-is-hydrated';
import { callApi } from '../../lib/api-client';

/** Asks the server for a hosted checkout of what is due now and sends the browser there. */
export function PayCitationButton({ citation, label }: { citation: Citation; label?: string }) {
  const brand = useBrand();
  const [isStarting, setIsStarting] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const isHydrated = useIsHydrated();

  async function startCheckout() {
    setIsStarting(true);
    setHasFailed(false);
    try {
      const { checkoutURL } = await callApi(citationCheckoutContract, {
        params: { uuid: citation.uuid, subdomain: tenantForPath(brand?.subdomain) },
      });
      window.location.assign(checkoutURL);
    } catch {
      setHasFailed(true);
      setIsStarting(false);
    }
  }

  return (
    <Stack gap="xs">
      <Button size="lg" onClick={startCheckout} loading={isStarting} disabled={!isHydrated}>
        {label ?? citationMessages.payNow}
      </Button>
      {hasFailed && (
        <Alert color="red" role="alert">
          {citationMessages.noLongerValid}
        </Alert>
      )}
    </Stack>
  );
}
