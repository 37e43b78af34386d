import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import {
  NOTICE_SORT_KEYS,
  type NoticeListItem,
  type NoticeSortKey,
  PAYMENT_STATUSES,
} from '../../../../shared/contract';
import { formatDate, formatMoney } from '../../../../shared/format';
import { bulkMessages } from '../../../../shared/messages';
import { consoleNoticeMessages as m } from '../../../../shared/messages/console-notices';
import { fillMessage } from '../../../../shared/messages/fill';
import { paymentStatusText } from '../../../../shared/rules/citation-status';
import { useTenantTimeZone } from '../../../app/brand';
import { paths } from '../../../app/page-paths';
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/responsive-table';
import { useOperatorCan } from '../console-api';
import {
  ExportingListBar,
  ListPager,
  RowCheckbox,
  type RowSelection,
  useBulkOutcome,
  useListParams,
  useRowSelection,
  useSearchDraft,
} from '../list-kit';
import { QueryError } from '../query-state';
import { SortHeader } from '../sort-header';
import { downloadNoticeExport, type NoticeListQuery, useNoticeList, useViolationCodes } from './api';
import { BulkNoticeVoid } from './bulk-notice-void';
import { statusBadgeColor } from './notice-status';

const PAGE_SIZE = 25;
const FILTER_KEYS = ['q', 'status', 'from', 'to', 'codeUUID'] as const;

const COLUMNS = (): (ResponsiveColumn & { sort?: NoticeSortKey })[] => [
  { label: m.columnNumber, isUnlabelledOnPhone: true },
  { label: m.columnPlate, sort: 'plate' },
  { label: m.columnIssued, sort: 'issued' },
  { label: m.columnCode },
  { label: m.columnAmount, sort: 'amount' },
  { label: m.columnStatus, sort: 'status' },
];

/** The list's state lives in the address, so back, forward and a shared link show the same page. */
function useListQuery() {
  const params = useListParams({ filters: FILTER_KEYS, sorts: NOTICE_SORT_KEYS, defaultSort: 'issued' });
  const query: NoticeListQuery = {
    ...params.filters,
    status: params.filters.status as NoticeListQuery['status'],
    sort: params.sort,
    order: params.order,
    page: params.page,
    pageSize: PAGE_SIZE,
  };
  return { ...params, query };
}

function NoticeRow(props: {
  notice: NoticeListItem;
  timeZone: string;
  selection?: { value: RowSelection; onChange: (next: RowSelection) => void };
}) {
  const { notice, timeZone, selection } = props;
  return (
    <Table.Tr>
      {selection && (
        <Table.Td>
          <RowCheckbox
            label={notice.citationNumber}
            id={notice.uuid}
            selection={selection.value}
            onChange={selection.onChange}
          />
        </Table.Td>
      )}
      <Table.Td>
        <Anchor component={Link} to={paths.console.notice(notice.uuid)} fw={600}>
          {notice.citationNumber}
        </Anchor>
      </Table.Td>
      <Table.Td>{notice.stateProv ? `${notice.plate} (${notice.stateProv})` : notice.plate}</Table.Td>
      <Table.Td>{formatDate(notice.createdOn, timeZone, 'dateTime')}</Table.Td>
      <Table.Td>{notice.citationName ?? '—'}</Table.Td>
      <Table.Td>
        {formatMoney(notice.amount)}
        {notice.isAmountOverridden && <Text span size="xs" c="dimmed">{` (${m.overridden})`}</Text>}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={statusBadgeColor(notice.paymentStatus)} c="dark.9">
          {paymentStatusText(notice.paymentStatus)}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}

function Filters({ query, setFilters, clearFilters, hasFilters }: ReturnType<typeof useListQuery>) {
  const codes = useViolationCodes();
  const { draft, setDraft, submit } = useSearchDraft(query.q, (q) => setFilters({ q }));
  return (
    <form onSubmit={submit} aria-label={m.listTitle}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={m.searchLabel}
          placeholder={m.searchPlaceholder}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          maxLength={32}
          w={{ base: '100%', sm: 220 }}
        />
        <NativeSelect
          label={m.statusLabel}
          value={query.status ?? ''}
          data={[
            { value: '', label: m.anyStatus },
            ...PAYMENT_STATUSES.map((status) => ({ value: status, label: status })),
          ]}
          onChange={(event) => setFilters({ status: event.currentTarget.value })}
          w={{ base: '100%', xs: 170 }}
        />
        <NativeSelect
          label={m.codeLabel}
          value={query.codeUUID ?? ''}
          data={[
            { value: '', label: m.anyCode },
            ...(codes.data ?? []).map((code) => ({ value: code.uuid, label: code.name })),
          ]}
          onChange={(event) => setFilters({ codeUUID: event.currentTarget.value })}
          w={{ base: '100%', xs: 200 }}
        />
        <TextInput
          type="date"
          label={m.fromLabel}
          value={query.from ?? ''}
          onChange={(event) => setFilters({ from: event.currentTarget.value })}
          w={{ base: '100%', xs: 160 }}
        />
        <TextInput
          type="date"
          label={m.toLabel}
          value={query.to ?? ''}
          onChange={(event) => setFilters({ to: event.currentTarget.value })}
          w={{ base: '100%', xs: 160 }}
        />
        <Button type="submit">{m.search}</Button>
        {hasFilters && (
          <Button
            variant="subtle"
            onClick={() => {
              setDraft('');
              clearFilters();
            }}
          >
            {m.clearFilters}
          </Button>
        )}
      </Group>
    </form>
  );
}

/** /dashboard/notices: the tenant's notices, searched, filtered, sorted and paged by the server. */
export function NoticesPage() {
  const timeZone = useTenantTimeZone();
  const listQuery = useListQuery();
  const { query, hasFilters } = listQuery;
  const list = useNoticeList(query);
  const { page: _page, pageSize: _size, ...filter } = query;

  // Only the actions the operator's role may take are offered (the server checks each call).
  const canCreate = useOperatorCan('notice.create');
  const canEdit = useOperatorCan('notice.edit');
  const canManageCodes = useOperatorCan('violation-code.manage');
  // Bulk void for roles that may void (notice.edit); a new filter starts a new selection.
  const [selection, setSelection] = useRowSelection(filter);
  const [outcome, setOutcome] = useBulkOutcome();
  const columns = canEdit
    ? [{ label: bulkMessages.selectColumn, isUnlabelledOnPhone: true }, ...COLUMNS()]
    : COLUMNS();
  const { sort: _sort, order: _order, ...matching } = filter;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{m.listTitle}</Title>
        <Group gap="sm" wrap="wrap">
          {canCreate && (
            <Button component={Link} to={paths.console.newNotice()}>
              {m.newNotice}
            </Button>
          )}
          {canEdit && (
            <Button component={Link} to={paths.console.importNotices()} variant="default">
              {m.importCsv}
            </Button>
          )}
          {canManageCodes && (
            <Button component={Link} to={paths.console.violationCodes()} variant="subtle">
              {m.violationCodes}
            </Button>
          )}
        </Group>
      </Group>
      <Filters {...listQuery} />
      <QueryError error={list.error} />
      {list.isLoading && <Loader aria-label={m.loading} />}
      {list.data && (
        <ExportingListBar
          list={list.data}
          page={listQuery.page}
          pageSize={PAGE_SIZE}
          onExport={() => downloadNoticeExport(filter)}
        />
      )}
      {outcome}
      {canEdit && list.data && list.data.items.length > 0 && (
        <BulkNoticeVoid
          pageIds={list.data.items.map((notice) => notice.uuid)}
          total={list.data.total}
          filter={matching}
          selection={selection}
          onChange={setSelection}
          onDone={setOutcome}
        />
      )}
      {list.data && list.data.items.length === 0 && (
        <Text role="status">{hasFilters || query.page !== 1 ? m.empty : m.emptyTenant}</Text>
      )}
      {list.data && list.data.items.length > 0 && (
        <ResponsiveTable
          minWidth={720}
          striped
          highlightOnHover
          aria-busy={list.isFetching}
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
          columns={columns}
          head={columns.map((column) => (
            <SortHeader
              key={column.label}
              label={column.label}
              sort={'sort' in column ? column.sort : undefined}
              activeSort={listQuery.sort}
              order={listQuery.order}
              sortLabel={fillMessage(m.sortBy, { column: column.label })}
              onSort={listQuery.sortBy}
            />
          ))}
        >
          {list.data.items.map((notice) => (
            <NoticeRow
              key={notice.uuid}
              notice={notice}
              timeZone={timeZone}
              selection={canEdit ? { value: selection, onChange: setSelection } : undefined}
            />
          ))}
        </ResponsiveTable>
      )}
      {list.data && (
        <ListPager total={list.data} page={listQuery.page} pageSize={PAGE_SIZE} onPage={listQuery.setPage} />
      )}
    </Stack>
  );
}
