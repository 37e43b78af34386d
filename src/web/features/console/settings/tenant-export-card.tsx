import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { exportTenantDataContract } from '../../../../shared/contract';
import { privacyMessages as m } from '../../../../shared/messages/privacy';
import { FailureAlert } from '../../../components/form-alerts';
import { API_BASE } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { useDownload } from '../../../lib/use-download';
import { readOperatorToken } from '../../operator/operator-session';
import { useOperatorCan } from '../console-api';

/** The tenant admin's download of every record of the portal (docs/privacy.md, decision 219). */
export function TenantExportCard() {
  const canExport = useOperatorCan('tenant.export');
  const { busy, error, start } = useDownload({
    download: () =>
      downloadFile({
        url: `${API_BASE}${exportTenantDataContract.path}`,
        authorization: readOperatorToken() ?? '',
        fallbackName: 'portal-export.json',
      }),
    describeError: (failure) => failure.message || m.downloadFailed,
  });
  if (!canExport) return null;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {m.tenantExportTitle}
        </Title>
        <Text size="sm">{m.tenantExportIntro}</Text>
        <FailureAlert message={error} />
        <Button variant="default" loading={busy !== null} onClick={() => start('file')}>
          {m.tenantExportButton}
        </Button>
      </Stack>
    </Paper>
  );
}
