import { Button, Text } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { passMessages, passScreenMessages } from '../../../shared/messages';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { PageCard } from '../../components/form-card';

/** /permits/choose/emailsent: the verification link is on its way. A bare host has no passes: /. */
export function EmailSentPage() {
  const brand = useBrand();
  useDocumentTitle(passScreenMessages.emailSentTitle);
  if (!brand) return <Navigate to={paths.home()} replace />;
  return (
    <PageCard titleId="email-sent-title" title={passScreenMessages.emailSentTitle}>
      <Text data-testid="email-sent">{passMessages.emailSent}</Text>
      <Text size="sm" c="dimmed">
        {passScreenMessages.emailSentHint}
      </Text>
      <Button component={Link} to={paths.passes.choose()} variant="outline">
        {passScreenMessages.backToPasses}
      </Button>
    </PageCard>
  );
}
