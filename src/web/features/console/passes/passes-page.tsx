import { Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import {
  CONSOLE_PASS_FILTERS,
  CONSOLE_PASS_SORT_KEYS,
  type ConsolePassFilter,
  type ConsolePassSortKey,
  exportConsolePassesContract,
} from '../../../../shared/contract';
import { formatDate } from '../../../../shared/format';
import { PASS_STATUS_LABELS } from '../../../../shared/format/pass-status';
import { bulkMessages, consolePassMessages as m } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import { useTenantTimeZone } from '../../../app/brand';
import { paths } from '../../../app/page-paths';
import { ResponsiveTable } from '../../../components/responsive-table';
import { useOperatorCan } from '../console-api';
import {
  downloadListExport,
  ExportingListBar,
  ListPager,
  ListSearch,
  RowCheckbox,
  useBulkOutcome,
  useListParams,
  useRowSelection,
} from '../list-kit';
import { QueryState } from '../query-state';
import { SortHeader } from '../sort-header';
import { useConsolePassList } from './api';
import { BulkPassActions } from './bulk-pass-actions';
import { PassStatusBadge } from './pass-status';

const FILTER_LABELS = (): Record<ConsolePassFilter, string> => ({
  all: m.filterAll,
  active: m.filterActive,
  ...PASS_STATUS_LABELS(),
});
const FILTER_KEYS = ['q', 'status'] as const;
const FILTER_OPTIONS = () => CONSOLE_PASS_FILTERS.map((value) => ({ value, label: FILTER_LABELS()[value] }));

function readFilter(value: string | null): ConsolePassFilter {
  return (CONSOLE_PASS_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as ConsolePassFilter)
    : 'all';
}

/**
 * /dashboard/passes: the tenant's passes, searched on the server by plate, name, email or pass
 * number, filtered by status (?status=waiting is the approvals queue), 25 a page. The search
 * lives in the address, so a result can be bookmarked and Back returns to it.
 */
export function PassesPage() {
  const navigate = useNavigate();
  const timeZone = useTenantTimeZone();
  const params = useListParams({
    filters: FILTER_KEYS,
    sorts: CONSOLE_PASS_SORT_KEYS,
    defaultSort: 'created',
  });
  const q = params.filters.q ?? '';
  const status = readFilter(params.filters.status ?? null);
  const { page, sort, order } = params;
  // Rows are selectable when the role may act on them in bulk: cancel on any filter, approve or
  // reject on the approvals queue. A new search starts a new selection.
  const canCancel = useOperatorCan('pass.cancel');
  const canApprove = useOperatorCan('pass.approve');
  const hasBulk = canCancel || (canApprove && status === 'waiting');
  const [selection, setSelection] = useRowSelection({ q, status });
  const [bulkOutcome, setBulkResult] = useBulkOutcome();

  const query = useConsolePassList({ q, status, sort, order, page });

  const header = (label: string, key?: ConsolePassSortKey) => (
    <SortHeader
      label={label}
      sort={key}
      activeSort={sort}
      order={order}
      sortLabel={fillMessage(m.sortBy, { column: label })}
      onSort={params.sortBy}
    />
  );

  const data = query.data;
  return (
    <Stack gap="lg">
      <Title order={1}>{m.listTitle}</Title>
      <ListSearch
        params={params}
        label={m.searchLabel}
        submitLabel={m.search}
        status={{ label: m.statusLabel, value: status, options: FILTER_OPTIONS(), width: 200 }}
      />
      {bulkOutcome}
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={data?.items.length === 0}
        loadingLabel={m.loading}
        emptyText={
          q ? m.empty : status === 'waiting' ? m.emptyQueue : status === 'all' ? m.emptyAll : m.empty
        }
      >
        {data && (
          <ExportingListBar
            list={data}
            page={page}
            pageSize={data.pageSize}
            onExport={() =>
              downloadListExport(exportConsolePassesContract, { q, status, sort, order }, 'passes.csv')
            }
          />
        )}
        {hasBulk && data && data.items.length > 0 && (
          <BulkPassActions
            pageIds={data.items.map((pass) => pass.uuid)}
            total={data.total}
            search={{ q, status }}
            selection={selection}
            onChange={setSelection}
            onDone={setBulkResult}
          />
        )}
        <ResponsiveTable
          minWidth={760}
          highlightOnHover
          verticalSpacing="sm"
          columns={[
            ...(hasBulk ? [{ label: bulkMessages.selectColumn, isLabelHidden: true }] : []),
            { label: m.columnNumber, isUnlabelledOnPhone: true },
            { label: m.columnPlate },
            { label: m.columnProduct },
            { label: m.columnStatus },
            { label: m.columnHolder },
            { label: m.columnIssued },
            { label: m.columnExpires },
          ]}
          head={
            <>
              {hasBulk && (
                <Table.Th>
                  <VisuallyHidden>{bulkMessages.selectColumn}</VisuallyHidden>
                </Table.Th>
              )}
              {header(m.columnNumber, 'number')}
              {header(m.columnPlate)}
              {header(m.columnProduct)}
              {header(m.columnStatus)}
              {header(m.columnHolder)}
              {header(m.columnIssued, 'issued')}
              {header(m.columnExpires, 'expires')}
            </>
          }
        >
          {data?.items.map((pass) => (
            <Table.Tr
              key={pass.uuid}
              onClick={() => navigate(paths.console.pass(pass.uuid))}
              style={{ cursor: 'pointer' }}
            >
              {hasBulk && (
                <Table.Td>
                  <RowCheckbox
                    label={pass.customerPermitId}
                    id={pass.uuid}
                    selection={selection}
                    onChange={setSelection}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <Link to={paths.console.pass(pass.uuid)} onClick={(event) => event.stopPropagation()}>
                  {pass.customerPermitId}
                </Link>
              </Table.Td>
              <Table.Td>{pass.plate || m.needsInput}</Table.Td>
              <Table.Td>{pass.permitName}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <PassStatusBadge status={pass.paidStatus} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{pass.holderName ?? '—'}</Text>
                <Text size="xs" c="dimmed">
                  {pass.holderEmail ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>{formatDate(pass.issuedOn, timeZone, 'dateTime')}</Table.Td>
              <Table.Td>{formatDate(pass.expiresAt, timeZone, 'dateTime')}</Table.Td>
            </Table.Tr>
          ))}
        </ResponsiveTable>
        {data && <ListPager total={data} page={page} pageSize={data.pageSize} onPage={params.setPage} />}
      </QueryState>
    </Stack>
  );
}
