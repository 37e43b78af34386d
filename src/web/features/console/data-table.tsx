import { type TableProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type ResponsiveColumn, ResponsiveTable } from '../../components/responsive-table';

/** What a console list shows when it has nothing: one dimmed, centred line. */
export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" py="lg" ta="center">
      {children}
    </Text>
  );
}

/**
 * A console table: the portal's responsive table (a table that scrolls sideways below `minWidth`
 * on wide screens, a card per row on phones), its columns named by their labels or described in
 * full, and `emptyText` in its place when it has no rows. The rows are its children.
 */
export function DataTable({
  columns,
  ...props
}: Omit<TableProps, 'children'> & {
  minWidth: number;
  columns: readonly (string | ResponsiveColumn)[];
  isEmpty?: boolean;
  emptyText?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ResponsiveTable
      columns={columns.map((column) => (typeof column === 'string' ? { label: column } : column))}
      {...props}
    />
  );
}
