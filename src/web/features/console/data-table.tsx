import { Table, type TableProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a console list shows when it has nothing: one dimmed, centred line. */
export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" py="lg" ta="center">
      {children}
    </Text>
  );
}

/**
 * A console table: it scrolls sideways below `minWidth` rather than squeezing its columns on a
 * phone, heads its columns when given their names (a list whose cells speak for themselves has
 * none), and shows `emptyText` in its place when it has no rows. The rows are its children.
 */
export function DataTable({
  minWidth,
  columns,
  isEmpty = false,
  emptyText,
  children,
  ...tableProps
}: Omit<TableProps, 'children'> & {
  minWidth: number;
  columns?: readonly ReactNode[];
  isEmpty?: boolean;
  emptyText?: ReactNode;
  children: ReactNode;
}) {
  if (isEmpty) return <EmptyText>{emptyText}</EmptyText>;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...tableProps}>
        {columns && (
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns keep their places.
                <Table.Th key={index} scope="col">
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
        )}
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
