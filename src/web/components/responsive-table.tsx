import { Table, type TableProps, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
// Its own stylesheet, in the chunk of the pages that show a table: the landing page has none.
import './responsive-table.css';

/** One column of a responsive table: its head, and how it shows on a phone. */
export interface ResponsiveColumn {
  /** The column's name: its head on wide screens and each cell's label on a phone. */
  label: string;
  /** The head is read by screen readers only (an actions column). */
  isLabelHidden?: boolean;
  /** On a phone the cell shows without its label: the card's first line, or a link that names itself. */
  isUnlabelledOnPhone?: boolean;
  /** Left out on a phone: a detail the row's own page shows (the priority columns stay). */
  isHiddenOnPhone?: boolean;
}

/** The most columns a table may have; responsive-table.css labels that many cells. */
export const RESPONSIVE_TABLE_MAX_COLUMNS = 10;

/**
 * The custom properties that tell responsive-table.css each column's phone label, and which cells
 * show without a label or not at all (a CSS label is read by screen readers as the cell's first
 * words).
 */
export function phoneColumnStyle(columns: readonly ResponsiveColumn[], minWidth: number): CSSProperties {
  if (columns.length > RESPONSIVE_TABLE_MAX_COLUMNS) {
    throw new Error(`A responsive table has at most ${RESPONSIVE_TABLE_MAX_COLUMNS} columns`);
  }
  const style: Record<string, string> = { '--rt-min-width': `${minWidth}px` };
  columns.forEach((column, index) => {
    const n = index + 1;
    style[`--rt-label-${n}`] = JSON.stringify(`${column.label}`);
    // Without its label a cell is a plain block across the card.
    if (column.isUnlabelledOnPhone || column.isLabelHidden) {
      style[`--rt-label-display-${n}`] = 'none';
      style[`--rt-cell-display-${n}`] = 'block';
    }
    if (column.isHiddenOnPhone) style[`--rt-cell-display-${n}`] = 'none';
  });
  return style as CSSProperties;
}

/**
 * Every list of the portal as one pattern (issue 27): a table on wide screens, which scrolls
 * sideways below `minWidth` there; below the `sm` breakpoint each row becomes a card of labelled
 * lines, so nothing is cut and nothing scrolls sideways on a 390 px phone. The rows are the
 * children (Table.Tr with one Table.Td per column, in the columns' order); `emptyText` shows in
 * the table's place when it has none.
 */
export function ResponsiveTable({
  columns,
  minWidth,
  isEmpty = false,
  emptyText,
  head,
  children,
  className,
  style,
  ...tableProps
}: Omit<TableProps, 'children'> & {
  columns: readonly ResponsiveColumn[];
  minWidth: number;
  isEmpty?: boolean;
  emptyText?: ReactNode;
  /** Head cells of its own (sortable heads), one per column, in place of the columns' labels. */
  head?: ReactNode;
  children: ReactNode;
}) {
  if (isEmpty) {
    return (
      <Text c="dimmed" py="lg" ta="center">
        {emptyText}
      </Text>
    );
  }
  return (
    <div className="responsive-table">
      <Table
        {...tableProps}
        className={['responsive-table__table', className].filter(Boolean).join(' ')}
        style={{ ...phoneColumnStyle(columns, minWidth), ...(style as CSSProperties | undefined) }}
      >
        <Table.Thead>
          <Table.Tr>
            {head ??
              columns.map((column) => (
                <Table.Th key={column.label} scope="col">
                  {column.isLabelHidden ? (
                    <span className="visually-hidden">{column.label}</span>
                  ) : (
                    column.label
                  )}
                </Table.Th>
              ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </div>
  );
}
