import { Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { exportCustomersContract } from '../../../../shared/contract';
import { consoleCustomerMessages as m } from '../../../../shared/messages/console-customers';
import { paths } from '../../../app/page-paths';
import { useOperatorCan } from '../console-api';
import { DataTable } from '../data-table';
import { downloadListExport, ExportingListBar, ListPager, ListSearch, useListParams } from '../list-kit';
import { QueryError } from '../query-state';
import { useCustomerList } from './api';

const PAGE_SIZE = 25;
const FILTER_KEYS = ['q'] as const;
/** Customers list by name only. */
const SORT_KEYS = ['name'] as const;

/** /dashboard/customers: the tenant's customers by name, searched on the server. */
export function CustomersPage() {
  const params = useListParams({ filters: FILTER_KEYS, sorts: SORT_KEYS, defaultSort: 'name' });
  const q = params.filters.q ?? '';
  const page = params.page;
  const list = useCustomerList({ ...(q ? { q } : {}), page, pageSize: PAGE_SIZE });
  const canIssueCodes = useOperatorCan('customer.manage');

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{m.listTitle}</Title>
        {canIssueCodes && (
          <Button component={Link} to={paths.console.signupCodes()} variant="default">
            {m.signupCodesLink}
          </Button>
        )}
      </Group>
      <ListSearch
        params={params}
        label={m.searchLabel}
        placeholder={m.searchPlaceholder}
        submitLabel={m.search}
      />
      <QueryError error={list.error} />
      {list.isLoading && <Loader aria-label={m.loading} />}
      {list.data && (
        <ExportingListBar
          list={list.data}
          page={page}
          pageSize={PAGE_SIZE}
          onExport={() => downloadListExport(exportCustomersContract, { q: q || undefined }, 'customers.csv')}
        />
      )}
      {list.data?.items.length === 0 && <Text role="status">{q ? m.empty : m.emptyTenant}</Text>}
      {list.data && list.data.items.length > 0 && (
        <DataTable
          minWidth={640}
          striped
          highlightOnHover
          aria-busy={list.isFetching}
          columns={[m.columnName, m.columnEmail, m.columnAccount, m.columnBusiness, m.columnGuestCodes]}
        >
          {list.data.items.map((customer) => (
            <Table.Tr key={customer.uuid}>
              <Table.Td>
                <Anchor component={Link} to={paths.console.customer(customer.uuid)} fw={600}>
                  {customer.fullname}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{customer.email}</Table.Td>
              <Table.Td>{customer.customerPublicId}</Table.Td>
              <Table.Td>{customer.customerEntityName ?? '—'}</Table.Td>
              <Table.Td>
                <Badge variant="light" c="dark.9" color={customer.isGuestCodesActive ? 'green' : 'gray'}>
                  {customer.isGuestCodesActive ? m.on : m.off}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {list.data && <ListPager total={list.data} page={page} pageSize={PAGE_SIZE} onPage={params.setPage} />}
    </Stack>
  );
}
