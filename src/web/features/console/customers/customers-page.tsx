import { Anchor, Badge, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { consoleCustomerMessages as m } from '../../../../shared/messages/console-customers';
import { DataTable } from '../data-table';
import { Pager, QueryError } from '../query-state';
import { useCustomerList } from './api';

const PAGE_SIZE = 25;

/** /dashboard/customers: the tenant's customers by name, searched on the server. */
export function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const list = useCustomerList({ ...(q ? { q } : {}), page, pageSize: PAGE_SIZE });

  const go = (changes: { q?: string; page?: number }) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (!value || value === 1) next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: search.trim(), page: 1 });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{m.listTitle}</Title>
        <Button component={Link} to="/dashboard/customers/signup-codes" variant="default">
          {m.signupCodesLink}
        </Button>
      </Group>
      <form onSubmit={submit} aria-label={m.listTitle}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={m.searchLabel}
            placeholder={m.searchPlaceholder}
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      <QueryError error={list.error} />
      {list.isLoading && <Loader aria-label={m.loading} />}
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
                <Anchor component={Link} to={`/dashboard/customers/${customer.uuid}`} fw={600}>
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
      {list.data && (
        <Pager page={page} hasMore={list.data.hasMore} onPage={(next) => go({ page: next })} labels={m} />
      )}
    </Stack>
  );
}
