import { Alert, Button, Stack } from '@mantine/core';
import type { ListTotal } from '../../../../shared/contract/list-total';
import { consoleListMessages as m } from '../../../../shared/messages/console-lists';
import { useDownload } from '../../../lib/use-download';
import { ListBar } from './list-pager';

/**
 * A list's export: downloads every row the filters match (the server streams them), busy while
 * the file comes, and the server's sentence when it is refused.
 */
export function ExportButton(props: { onExport: () => Promise<void>; label?: string }) {
  const download = useDownload({
    download: () => props.onExport(),
    describeError: (failure) => failure.message,
  });
  return (
    <Stack gap={4}>
      <Button
        variant="default"
        size="sm"
        onClick={() => download.start('file')}
        loading={download.busy !== null}
        title={m.exportHint}
      >
        {props.label ?? m.exportCsv}
      </Button>
      {download.error && (
        <Alert color="red" role="alert" p="xs">
          {download.error}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The bar above a page of a server list: which of its rows show (`page` of `pageSize`), and the
 * export of every row its filters match.
 */
export function ExportingListBar(props: {
  list: ListTotal & { items: readonly unknown[] };
  page: number;
  pageSize: number;
  onExport: () => Promise<void>;
}) {
  return (
    <ListBar
      total={props.list}
      page={props.page}
      pageSize={props.pageSize}
      shown={props.list.items.length}
      actions={<ExportButton onExport={props.onExport} />}
    />
  );
}
