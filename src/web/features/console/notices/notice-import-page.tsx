import { Alert, Anchor, Button, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  importNoticesContract,
  NOTICE_IMPORT_MAX_CHARACTERS,
  NOTICE_IMPORT_MAX_ROWS,
  type NoticeImportPreview,
  previewNoticeImportContract,
} from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/format';
import { csvLine } from '../../../../shared/format/csv';
import { consoleNoticeMessages as m } from '../../../../shared/messages/console-notices';
import { fillMessage } from '../../../../shared/messages/fill';
import { NOTICE_IMPORT_COLUMNS, noticeImportTemplate } from '../../../../shared/rules/notice-csv';
import { paths } from '../../../app/page-paths';
import { FailureAlert } from '../../../components/form-alerts';
import { ResponsiveTable } from '../../../components/responsive-table';
import { contractMutation } from '../../../lib/contract-query';
import { callAsOperator } from '../operator-call';
import { noticesKey, saveFile } from './api';

/** How many problems the page lists; the rest are in the downloadable problems file. */
const PROBLEMS_SHOWN = 5;

/** The problems as a CSV file: line, column and problem, every one of them. */
function problemsCsv(preview: NoticeImportPreview): string {
  return [
    csvLine(m.problemsCsvColumns),
    ...preview.problems.map((problem) => csvLine([problem.line, problem.field ?? '', problem.message])),
  ].join('');
}

/** The rows that have at least one problem (a header or whole-file problem is line 0 or 1). */
const badRowCount = (preview: NoticeImportPreview) =>
  new Set(preview.problems.filter((problem) => problem.line > 1).map((problem) => problem.line)).size;

/**
 * A short summary of the problems (the first few, on screen) and the whole list as a file, rather
 * than a table as long as the file.
 */
function Problems({ preview }: { preview: NoticeImportPreview }) {
  const shown = preview.problems.slice(0, PROBLEMS_SHOWN);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3" c="red.9">
          {fillMessage(m.problemsTitle, { count: preview.problems.length })}
        </Title>
        {preview.problems.length > PROBLEMS_SHOWN && <Text size="sm">{m.problemsSummary}</Text>}
        <List size="sm" spacing={4}>
          {shown.map((problem) => (
            <List.Item key={`${problem.line}-${problem.field}-${problem.message}`}>
              <Text span fw={600}>
                {problem.line > 0 ? `${m.problemLine} ${problem.line}` : m.wholeFile}
                {problem.field ? ` · ${problem.field}` : ''}
              </Text>
              {`: ${problem.message}`}
            </List.Item>
          ))}
        </List>
        <Group>
          <Button
            variant="default"
            onClick={() =>
              saveFile(new Blob([problemsCsv(preview)], { type: 'text/csv' }), 'notice-import-problems.csv')
            }
          >
            {m.downloadProblems}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Sample({ preview }: { preview: NoticeImportPreview }) {
  // The one responsive table (decision 182): a card per row on a phone, headed by its line.
  return (
    <ResponsiveTable
      columns={[
        { label: m.problemLine },
        { label: m.columnNumber },
        { label: m.columnPlate },
        { label: m.columnCode },
        { label: m.columnAmount },
      ]}
      minWidth={520}
      striped
      aria-label={fillMessage(m.previewTitle, { count: preview.rowCount })}
    >
      {preview.sample.map((row) => (
        <Table.Tr key={row.line}>
          <Table.Td>{row.line}</Table.Td>
          <Table.Td>{row.citationNumber}</Table.Td>
          <Table.Td>{row.plate}</Table.Td>
          <Table.Td>{row.citationName}</Table.Td>
          <Table.Td>{formatMoney(row.amount)}</Table.Td>
        </Table.Tr>
      ))}
    </ResponsiveTable>
  );
}

/**
 * /dashboard/notices/import: choose a CSV file, see a summary of its problems (all of them in a
 * downloadable file), then import it all at once, or only its valid rows. The server checks the
 * file again on import.
 */
export function NoticeImportPage() {
  const fileInputId = useId();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // The file's check and its import are mutations of their contracts (decision 225): their
  // answers, busy state and errors are the page's.
  const check = useMutation(contractMutation(previewNoticeImportContract, callAsOperator));
  const load = useMutation({
    ...contractMutation(importNoticesContract, callAsOperator),
    onSuccess: async () => {
      check.reset();
      setCsv(null);
      await queryClient.invalidateQueries({ queryKey: noticesKey });
    },
  });
  const preview = check.data ?? null;
  const imported = load.data ?? null;
  const isBusy = check.isPending || load.isPending;
  const error = fileError ?? check.error?.message ?? load.error?.message ?? null;

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    check.reset();
    load.reset();
    setCsv(null);
    setFileError(null);
    if (!file) return;
    if (file.size > NOTICE_IMPORT_MAX_CHARACTERS) {
      setFileError(fillMessage(m.fileTooLarge, { size: Math.round(NOTICE_IMPORT_MAX_CHARACTERS / 1000) }));
      return;
    }
    const text = await file.text();
    setCsv(text);
    check.mutate({ body: { csv: text } });
  };

  const importRows = (onlyValidRows: boolean) => {
    if (csv && !isBusy) load.mutate({ body: { csv, onlyValidRows } });
  };

  const canImport = preview && preview.problems.length === 0 && preview.rowCount > 0;
  // Valid rows beside rows with problems (and no problem of the whole file): they may go alone.
  const validRows = preview ? preview.rowCount - badRowCount(preview) : 0;
  const canImportValid =
    preview &&
    preview.problems.length > 0 &&
    validRows > 0 &&
    preview.problems.every((problem) => problem.line > 1);
  return (
    <Stack gap="md" maw={860}>
      <Anchor component={Link} to={paths.console.notices()}>
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
          <Text size="sm">
            {fillMessage(m.importLimits, {
              rows: NOTICE_IMPORT_MAX_ROWS,
              kilobytes: Math.round(NOTICE_IMPORT_MAX_CHARACTERS / 1000),
            })}
          </Text>
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
        <input
          id={fileInputId}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void chooseFile(event)}
          disabled={isBusy}
        />
      </Stack>
      <FailureAlert message={error} />
      {imported !== null && (
        <Alert color="green" role="status">
          {imported.skipped
            ? fillMessage(m.importDoneSkipped, { count: imported.imported, skipped: imported.skipped })
            : fillMessage(m.importDone, { count: imported.imported })}{' '}
          <Anchor component={Link} to={paths.console.notices()}>
            {m.backToList}
          </Anchor>
        </Alert>
      )}
      {preview && preview.problems.length > 0 && <Problems preview={preview} />}
      {canImportValid && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Text>{fillMessage(m.importValidRowsHint, { skipped: badRowCount(preview) })}</Text>
            <Group>
              <Button onClick={() => importRows(true)} loading={isBusy}>
                {fillMessage(m.importValidRows, { count: validRows })}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {canImport && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h3">
              {fillMessage(m.previewTitle, { count: preview.rowCount })}
            </Title>
            <Sample preview={preview} />
            <Button onClick={() => importRows(false)} loading={isBusy}>
              {fillMessage(m.importButton, { count: preview.rowCount })}
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
