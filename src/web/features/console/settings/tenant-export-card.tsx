import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { exportTenantDataContract } from '../../../../shared/contract';
import { privacyMessages as m } from '../../../../shared/messages/privacy';
import { API_BASE } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { readOperatorToken } from '../../operator/operator-session';
import { useOperatorCan } from '../console-api';

/** The tenant admin's download of every record of the portal (docs/privacy.md, decision 219). */
export function TenantExportCard() {
  const canExport = useOperatorCan('tenant.export');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  if (!canExport) return null;
  const download = async () => {
    setError(null);
    setIsBusy(true);
    try {
      await downloadFile({
        url: `${API_BASE}${exportTenantDataContract.path}`,
        authorization: readOperatorToken() ?? '',
        fallbackName: 'portal-export.json',
      });
    } catch (failure) {
      setError((failure as Error).message || m.downloadFailed);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {m.tenantExportTitle}
        </Title>
        <Text size="sm">{m.tenantExportIntro}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button variant="default" loading={isBusy} onClick={download}>
          {m.tenantExportButton}
        </Button>
      </Stack>
    </Paper>
  );
}
