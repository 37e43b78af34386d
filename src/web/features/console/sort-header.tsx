import { Table, UnstyledButton } from '@mantine/core';

export type SortOrder = 'asc' | 'desc';

/**
 * A column header of a console table sorted on the server: a button that sorts by the column (a
 * second press reverses it), with aria-sort telling screen readers which column and which way.
 * A column without a sort key is a plain header.
 */
export function SortHeader<Key extends string>(props: {
  label: string;
  sort?: Key;
  activeSort: Key;
  order: SortOrder;
  /** The button's accessible name, e.g. 'Sort by Issued'. */
  sortLabel: string;
  onSort: (sort: Key) => void;
}) {
  const { label, sort } = props;
  if (!sort) return <Table.Th scope="col">{label}</Table.Th>;
  const isActive = props.activeSort === sort;
  const ariaSort = isActive ? (props.order === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th scope="col" aria-sort={ariaSort}>
      <UnstyledButton
        onClick={() => props.onSort(sort)}
        style={{ font: 'inherit', fontWeight: 700 }}
        aria-label={props.sortLabel}
      >
        {label} {isActive ? (props.order === 'asc' ? '▲' : '▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

/** The next order when a header is pressed: a new column starts newest/largest first. */
export const nextSortOrder = <Key extends string>(active: Key, order: SortOrder, pressed: Key): SortOrder =>
  active === pressed && order === 'desc' ? 'asc' : 'desc';
