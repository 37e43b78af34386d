import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { extendPermitContract, getPermitExtensionContract } from '../../../shared/contract';
import { formatMoney } from '../../../shared/format';
import { formatDate } from '../../../shared/format/dates';
import { fillMessage, passExtensionMessages as m } from '../../../shared/messages';
import { useTenantTimeZone } from '../../app/brand';
import { isApiError } from '../../lib/api-client';
import { contractQuery } from '../../lib/contract-query';
import { useRedirectingMutation } from '../../lib/use-redirecting-mutation';
import { asOptionalCustomer } from '../accounts/api';

/**
 * Extending a short pass from its page (issue 31, decision 236), where the reminder's link leads
 * (`?extend=1`): the window after its end and its price, one button to the checkout, and the
 * extensions already paid. Nothing shows for a product without extension.
 */
export function ExtensionPanel({ permitUuid }: { permitUuid: string }) {
  const timeZone = useTenantTimeZone();
  const [searchParams] = useSearchParams();
  const extension = useQuery({
    ...contractQuery(getPermitExtensionContract, { params: { id: permitUuid } }),
    retry: false,
  });
  const extend = useRedirectingMutation(
    extendPermitContract,
    // A free window is granted at once: the page reloads with the paid banner.
    (answer) => answer.checkoutURL ?? `${window.location.pathname}?extension=paid`,
    asOptionalCustomer,
  );
  const data = extension.data;
  if (!data?.isOffered && !data?.extensions.length) return null;
  const isFromReminder = searchParams.get('extend') === '1';
  const returned = searchParams.get('extension');

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="extension-title"
      data-testid="pass-extension"
      bd={isFromReminder ? '2px solid var(--mantine-primary-color-filled)' : undefined}
    >
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="extension-title">
          {m.title}
        </Title>
        {returned === 'paid' && (
          <Alert color="green" variant="outline" role="status" data-testid="extension-paid">
            {m.paidBanner}
          </Alert>
        )}
        {data.isExtendable ? (
          <>
            <Text data-testid="extension-window">
              {fillMessage(m.offer, {
                end: formatDate(data.endsAt, timeZone, 'dateTime'),
                amount: formatMoney(data.amount),
              })}
            </Text>
            <Button
              onClick={() => extend.mutate({ params: { id: permitUuid } })}
              loading={extend.isLeaving}
              data-testid="extend-pass"
            >
              {fillMessage(m.button, { end: formatDate(data.endsAt, timeZone, 'dateTime') })}
            </Button>
          </>
        ) : (
          data.reason && <Text size="sm">{data.reason}</Text>
        )}
        {extend.error && (
          <Alert color="red" role="alert">
            {isApiError(extend.error) ? extend.error.message : m.failed}
          </Alert>
        )}
        {data.extensions.map((row) => (
          <Text size="sm" key={row.startsAt} data-testid="extension-row">
            {fillMessage(m.paidLine, {
              start: formatDate(row.startsAt, timeZone, 'dateTime'),
              end: formatDate(row.endsAt, timeZone, 'dateTime'),
              amount: formatMoney(row.amount),
            })}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
