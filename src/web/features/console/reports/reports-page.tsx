import { Alert, Anchor, Card, Pagination, Stack, Table, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type ConsoleReport,
  createReportBodySchema,
  createReportContract,
  listConsoleReportsContract,
  revokeReportContract,
} from '../../../../shared/contract';
import { formatDate } from '../../../../shared/format';
import { consoleReportMessages as m } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import { useTenantTimeZone } from '../../../app/brand';
import { paths } from '../../../app/page-paths';
import { InlineForm } from '../../../components/inline-form';
import { paginationControlProps, paginationItemProps } from '../../../components/pagination-labels';
import { contractKey, contractQuery } from '../../../lib/contract-query';
import { useApiForm } from '../../../lib/use-api-form';
import { useOperatorCan } from '../console-api';
import { DataTable } from '../data-table';
import { callAsOperator } from '../operator-call';
import { ConfirmDialog } from '../passes/confirm-dialog';
import { QueryState } from '../query-state';
import { ApiKeysSection } from './api-keys-section';
import { isLinkOpen, ReportLinkCell, RevokeLinkCell } from './report-link-cells';

const reportsKey = contractKey(listConsoleReportsContract);

function CreateReportForm(props: { onCreated: () => Promise<void> }) {
  const timeZone = useTenantTimeZone();
  const [created, setCreated] = useState<{ url: string; expiresAt: string } | null>(null);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: createReportBodySchema,
    initialValues: { startDate: '', endDate: '', plate: '', expiresAt: '' },
    submit: (body) => callAsOperator(createReportContract, { body }),
    onSuccess: async (result) => {
      setCreated({ url: paths.report(result.uuid), expiresAt: result.expiresAt });
      await props.onCreated();
    },
    describeError: (error) => (error as Error).message,
  });
  return (
    <Card withBorder padding="md" component="section">
      <Title order={2} size="h3" mb="sm">
        {m.createTitle}
      </Title>
      <InlineForm
        onSubmit={(event) => {
          setCreated(null);
          onSubmit(event);
        }}
        submitLabel={m.create}
        isSubmitting={isSubmitting}
        failure={formError}
        outcome={
          created && (
            <Alert color="green" role="status" mt="sm">
              {fillMessage(m.createdUntil, { date: formatDate(created.expiresAt, timeZone, 'dateTime') })}{' '}
              <Anchor
                href={created.url}
                target="_blank"
                rel="noopener"
                c="inherit"
                fw={700}
                underline="always"
              >
                {m.open}
              </Anchor>
            </Alert>
          )
        }
      >
        <TextInput type="date" label={m.startDate} w={180} {...form.getInputProps('startDate')} />
        <TextInput type="date" label={m.endDate} w={180} {...form.getInputProps('endDate')} />
        <TextInput
          label={m.plate}
          w={180}
          maxLength={20}
          {...form.getInputProps('plate')}
          value={form.values.plate ?? ''}
        />
        <TextInput
          type="date"
          label={m.expiresAt}
          description={m.expiresAtHint}
          w={180}
          {...form.getInputProps('expiresAt')}
          value={form.values.expiresAt ?? ''}
        />
      </InlineForm>
    </Card>
  );
}

/**
 * /dashboard/reports: create an activity report (date range, optional plate) and open the
 * tenant's reports, newest first; tenant admins also manage the enforcement API keys here.
 */
export function ReportsPage() {
  const timeZone = useTenantTimeZone();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<{ report: ConsoleReport; range: string } | null>(null);
  const canManageKeys = useOperatorCan('apikey.manage');
  const now = new Date();
  const query = useQuery({
    ...contractQuery(listConsoleReportsContract, { query: { page } }, callAsOperator),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Stack gap="lg">
      <Title order={1}>{m.title}</Title>
      <CreateReportForm onCreated={() => queryClient.invalidateQueries({ queryKey: reportsKey })} />
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={data?.items.length === 0}
        loadingLabel={m.loading}
        emptyText={m.empty}
      >
        <DataTable
          minWidth={760}
          verticalSpacing="xs"
          columns={[
            m.columnRange,
            m.columnPlate,
            m.columnCreated,
            m.columnBy,
            m.columnLink,
            m.columnOpen,
            '',
          ]}
        >
          {data?.items.map((report) => {
            const range = `${formatDate(report.startDate, timeZone, 'date')} – ${formatDate(report.endDate, timeZone, 'date')}`;
            return (
              <Table.Tr key={report.uuid}>
                <Table.Td>{range}</Table.Td>
                <Table.Td>{report.plate ?? m.allPlates}</Table.Td>
                <Table.Td>{formatDate(report.createdAt, timeZone, 'dateTime')}</Table.Td>
                <Table.Td>{report.createdBy ?? '—'}</Table.Td>
                <Table.Td>
                  <ReportLinkCell report={report} timeZone={timeZone} now={now} />
                </Table.Td>
                <Table.Td>
                  {/* An expired or revoked link only answers "not available": nothing to open. */}
                  {isLinkOpen(report, now) && (
                    <Anchor
                      href={paths.report(report.uuid)}
                      target="_blank"
                      rel="noopener"
                      aria-label={fillMessage(m.openLabel, { range })}
                    >
                      {m.open}
                    </Anchor>
                  )}
                </Table.Td>
                <RevokeLinkCell
                  report={report}
                  range={range}
                  now={now}
                  onRevoke={() => setRevoking({ report, range })}
                />
              </Table.Tr>
            );
          })}
        </DataTable>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={paginationControlProps}
            getItemProps={paginationItemProps}
          />
        )}
      </QueryState>
      {revoking && (
        <ConfirmDialog
          title={m.revokeTitle}
          body={m.revokeBody}
          confirmLabel={m.revoke}
          cancelLabel={m.keep}
          onConfirm={async () => {
            await callAsOperator(revokeReportContract, { params: { uuid: revoking.report.uuid } });
            await queryClient.invalidateQueries({ queryKey: reportsKey });
          }}
          onClose={() => setRevoking(null)}
        />
      )}
      {canManageKeys && <ApiKeysSection />}
    </Stack>
  );
}
