import { Alert, Anchor, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { verifyEmailContract } from '../../../shared/contract';
import { accountMessages, commonMessages } from '../../../shared/messages';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { PageCard } from '../../components/form-card';
import { contractQuery } from '../../lib/contract-query';

/** Opened from the link of the welcome or verification email; the token is single use. */
export function VerifyEmailPage() {
  const brand = useBrand();
  const { token = '' } = useParams();
  const result = useQuery({
    // Asked once, on opening the link: the answer is the page (a POST, but as a query).
    ...contractQuery(verifyEmailContract, {
      body: { verifyEmailUUID: token, subdomain: brand?.subdomain ?? '' },
    }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <PageCard titleId="verify-title" title={accountMessages.verifyEmailTitle}>
      {result.isPending && <Loader aria-label={commonMessages.loading} />}
      {result.isSuccess && (
        <Alert color="green" role="status" data-testid="verify-result">
          {accountMessages.emailVerified}
        </Alert>
      )}
      {result.isError && (
        <Alert color="red" role="alert" data-testid="verify-result">
          {accountMessages.emailVerifyFailed}
        </Alert>
      )}
      <Anchor component={Link} to={paths.account.login()}>
        {accountMessages.signIn}
      </Anchor>
    </PageCard>
  );
}
