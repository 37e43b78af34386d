import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { consoleListMessages as m } from '../../../../shared/messages/console-lists';

/**
 * A list's export: downloads every row the filters match (the server streams them), busy while
 * the file comes, and the server's sentence when it is refused.
 */
export function ExportButton(props: { onExport: () => Promise<void>; label?: string }) {
  const [isExporting, setIsExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    setIsExporting(true);
    try {
      await props.onExport();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setIsExporting(false);
    }
  };
  return (
    <Stack gap={4}>
      <Button variant="default" size="sm" onClick={run} loading={isExporting} title={m.exportHint}>
        {props.label ?? m.exportCsv}
      </Button>
      {error && (
        <Alert color="red" role="alert" p="xs">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
