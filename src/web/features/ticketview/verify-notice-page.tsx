import { Alert, Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { verifyNoticeContract } from '../../../shared/contract';
import { ticketviewMessages as m } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { useTenantTimeZone } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { citationAmountFact, citationFacts, FactsTable } from '../../components/facts-table';
import { contractQuery } from '../../lib/contract-query';

/**
 * /verify/{uuid}/{signature}: where a printed notice's QR code leads. The server confirms the
 * signature it alone can make; a scam notice's link gets a plain warning instead.
 */
export function VerifyNoticePage() {
  const { citationUUID = '', signature = '' } = useParams();
  const timeZone = useTenantTimeZone();
  const query = useQuery({
    ...contractQuery(verifyNoticeContract, { params: { uuid: citationUUID, signature } }),
    retry: false,
  });
  return (
    <Stack gap="lg" maw={720} mx="auto">
      <Title order={1}>{m.verifyTitle}</Title>
      {query.isLoading && <Loader aria-label={m.verifyLoading} />}
      {query.isError && (
        <Alert color="red" role="alert" data-testid="verify-result" title={m.verifyNotGenuineTitle}>
          <Stack gap="sm">
            <Text size="sm">{m.verifyNotGenuine}</Text>
            <Anchor component={Link} to={paths.home()} className="alert-link">
              {m.verifySearch}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {query.data && (
        <>
          <div className="citation-banner citation-banner--paid" role="status" data-testid="verify-result">
            {m.verifyGenuine} {fillMessage(m.verifyIssuedBy, { issuer: query.data.issuer })}
          </div>
          <FactsTable
            facts={[
              [m.verifyIssuer, query.data.issuer],
              ...citationFacts(query.data.notice, timeZone),
              citationAmountFact(query.data.notice),
            ]}
          />
          <Button
            component={Link}
            to={paths.citation(query.data.notice.uuid)}
            style={{ alignSelf: 'flex-start' }}
          >
            {m.verifyOpenNotice}
          </Button>
        </>
      )}
    </Stack>
  );
}
