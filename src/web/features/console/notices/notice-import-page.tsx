import { Alert, Anchor, Button, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  NOTICE_IMPORT_MAX_CHARACTERS,
  NOTICE_IMPORT_MAX_ROWS,
  type NoticeImportPreview,
} from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/format';
import { consoleNoticeMessages as m } from '../../../../shared/messages/console-notices';
import { fillMessage } from '../../../../shared/messages/fill';
import { NOTICE_IMPORT_COLUMNS, noticeImportTemplate } from '../../../../shared/rules/notice-csv';
import { importNotices, noticesKey, previewNoticeImport, saveFile } from './api';

function Problems({ preview }: { preview: NoticeImportPreview }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3" c="red.9">
          {fillMessage(m.problemsTitle, { count: preview.problems.length })}
        </Title>
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{m.problemLine}</Table.Th>
                <Table.Th scope="col">{m.problemField}</Table.Th>
                <Table.Th scope="col">{m.problemMessage}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.problems.map((problem) => (
                <Table.Tr key={`${problem.line}-${problem.field}-${problem.message}`}>
                  <Table.Td>{problem.line > 0 ? problem.line : m.wholeFile}</Table.Td>
                  <Table.Td>{problem.field ?? '—'}</Table.Td>
                  <Table.Td>{problem.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

function Sample({ preview }: { preview: NoticeImportPreview }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped aria-label={fillMessage(m.previewTitle, { count: preview.rowCount })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{m.problemLine}</Table.Th>
            <Table.Th scope="col">{m.columnNumber}</Table.Th>
            <Table.Th scope="col">{m.columnPlate}</Table.Th>
            <Table.Th scope="col">{m.columnCode}</Table.Th>
            <Table.Th scope="col">{m.columnAmount}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.sample.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>{row.citationNumber}</Table.Td>
              <Table.Td>{row.plate}</Table.Td>
              <Table.Td>{row.citationName}</Table.Td>
              <Table.Td>{formatMoney(row.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /dashboard/notices/import: choose a CSV file, see every bad row and column, then import it all
 * at once. The server checks the file again on import; nothing is written unless every row is good.
 */
export function NoticeImportPage() {
  const fileInputId = useId();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<NoticeImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setIsBusy(true);
    try {
      await work();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setIsBusy(false);
    }
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setPreview(null);
    setImported(null);
    setCsv(null);
    setError(null);
    if (!file) return;
    if (file.size > NOTICE_IMPORT_MAX_CHARACTERS) {
      setError(fillMessage(m.fileTooLarge, { size: Math.round(NOTICE_IMPORT_MAX_CHARACTERS / 1000) }));
      return;
    }
    void run(async () => {
      const text = await file.text();
      setCsv(text);
      setPreview(await previewNoticeImport(text));
    });
  };

  const importAll = () =>
    run(async () => {
      if (!csv) return;
      const result = await importNotices(csv);
      setImported(result.imported);
      setPreview(null);
      setCsv(null);
      await queryClient.invalidateQueries({ queryKey: noticesKey });
    });

  const canImport = preview && preview.problems.length === 0 && preview.rowCount > 0;
  return (
    <Stack gap="md" maw={860}>
      <Anchor component={Link} to="/dashboard/notices">
        {m.backToList}
      </Anchor>
      <Title order={1}>{m.importTitle}</Title>
      <Text>{m.importIntro}</Text>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {m.columnsTitle}
          </Title>
          <List size="sm" spacing={2}>
            {NOTICE_IMPORT_COLUMNS.map((column) => (
              <List.Item key={column.name}>
                <Text span fw={700} ff="monospace">
                  {column.name}
                </Text>
                {column.isRequired ? ` (${m.required})` : ''} — {column.help}
              </List.Item>
            ))}
          </List>
          <Text size="sm">{`At most ${NOTICE_IMPORT_MAX_ROWS.toLocaleString('en-US')} notices and ${Math.round(NOTICE_IMPORT_MAX_CHARACTERS / 1000)} kB per file.`}</Text>
          <Group>
            <Button
              variant="default"
              onClick={() =>
                saveFile(new Blob([noticeImportTemplate()], { type: 'text/csv' }), 'notices-template.csv')
              }
            >
              {m.downloadTemplate}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Stack gap={4}>
        <Text component="label" htmlFor={fileInputId} fw={600}>
          {m.fileLabel}
        </Text>
        <input id={fileInputId} type="file" accept=".csv,text/csv" onChange={chooseFile} disabled={isBusy} />
      </Stack>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {imported !== null && (
        <Alert color="green" role="status">
          {fillMessage(m.importDone, { count: imported })}{' '}
          <Anchor component={Link} to="/dashboard/notices">
            {m.backToList}
          </Anchor>
        </Alert>
      )}
      {preview && preview.problems.length > 0 && <Problems preview={preview} />}
      {canImport && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h3">
              {fillMessage(m.previewTitle, { count: preview.rowCount })}
            </Title>
            <Sample preview={preview} />
            <Button onClick={importAll} loading={isBusy}>
              {fillMessage(m.importButton, { count: preview.rowCount })}
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
