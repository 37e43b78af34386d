import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { listConsoleProductsContract } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/format';
import { consoleProductMessages as m } from '../../../../shared/messages';
import { paths } from '../../../app/page-paths';
import { contractKey, contractQuery } from '../../../lib/contract-query';
import { useOperatorCan } from '../console-api';
import { DataTable } from '../data-table';
import { callAsOperator } from '../operator-call';
import { QueryState } from '../query-state';

/** The product list's key, as contractQuery builds it (the access codes page reads the same list). */
export const consoleProductsKey = contractKey(listConsoleProductsContract, {});

/**
 * /dashboard/products: the tenant's pass products with price, places held and unused codes,
 * each linking to its editor (tenant admins) and its access codes (admins and staff).
 */
export function ProductsPage() {
  const query = useQuery(contractQuery(listConsoleProductsContract, {}, callAsOperator));
  const items = query.data?.items ?? [];
  // Staff read the products and manage their codes; only roles with product.manage create or edit.
  const canManage = useOperatorCan('product.manage');
  const canManageCodes = useOperatorCan('access-code.manage');
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{m.listTitle}</Title>
        {canManage && (
          <Button component={Link} to={paths.console.newProduct()}>
            {m.newProduct}
          </Button>
        )}
      </Group>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={items.length === 0}
        loadingLabel={m.loading}
        emptyText={m.empty}
      >
        <DataTable
          minWidth={640}
          verticalSpacing="sm"
          columns={[m.columnName, m.columnPrice, m.columnSold, m.columnCodes, m.columnActions]}
        >
          {items.map((product) => (
            <Table.Tr key={product.uuid}>
              <Table.Td>
                <Text fw={600}>{product.name}</Text>
                <Group gap={4} mt={2}>
                  {product.isArchived && (
                    <Badge color="gray.3" c="dark.9">
                      {m.archived}
                    </Badge>
                  )}
                  {!product.isAutoApproved && (
                    <Badge color="yellow.3" c="dark.9">
                      {m.needsApproval}
                    </Badge>
                  )}
                  {product.isVisitorOnly && <Badge variant="outline">{m.visitor}</Badge>}
                  {product.isBusinessProduct && <Badge variant="outline">{m.business}</Badge>}
                </Group>
              </Table.Td>
              <Table.Td>{formatMoney(product.amount)}</Table.Td>
              <Table.Td>{`${product.heldCount} / ${product.capacity ?? m.unlimited}`}</Table.Td>
              <Table.Td>{product.unusedCodeCount}</Table.Td>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  {canManage && (
                    <Anchor
                      component={Link}
                      to={paths.console.product(product.uuid)}
                      aria-label={`${m.edit} ${product.name}`}
                    >
                      {m.edit}
                    </Anchor>
                  )}
                  {canManageCodes && (
                    <Anchor
                      component={Link}
                      to={paths.console.productCodes(product.uuid)}
                      aria-label={`${m.accessCodes}: ${product.name}`}
                    >
                      {m.accessCodes}
                    </Anchor>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </QueryState>
    </Stack>
  );
}
