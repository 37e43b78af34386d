import { Button, Group, Pagination, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { ListTotal } from '../../../../shared/contract/list-total';
import { formatNumber } from '../../../../shared/format';
import { consoleListMessages as m } from '../../../../shared/messages/console-lists';
import { fillMessage } from '../../../../shared/messages/fill';
import { paginationControlProps, paginationItemProps } from '../../../components/pagination-labels';

/** How many pages a list has: past the counted cap, one page more than the cap fills. */
export function pageCount(total: ListTotal, pageSize: number): number {
  const full = Math.max(1, Math.ceil(total.total / pageSize));
  return total.isTotalExact ? full : Math.floor(total.total / pageSize) + 1;
}

/** "1–25 of 10,217" (or "of more than 10,000" past the cap); "0 of 0" never shows (the empty text does). */
export function rangeText(options: ListTotal & { page: number; pageSize: number; shown: number }): string {
  const first = (options.page - 1) * options.pageSize + 1;
  const last = first + Math.max(0, options.shown - 1);
  return fillMessage(options.isTotalExact ? m.range : m.rangeAtLeast, {
    first: formatNumber(first),
    last: formatNumber(last),
    total: formatNumber(options.total),
  });
}

/**
 * The line above a console list: which rows show of how many, and the list's actions (its
 * export). `selection` is where a list's row selection shows its count and "select all N
 * matching" (the bar keeps its place so the table does not jump when a selection starts).
 */
export function ListBar(props: {
  total: ListTotal;
  page: number;
  pageSize: number;
  shown: number;
  selection?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" className="list-bar">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="list-range">
          {props.shown > 0
            ? rangeText({ ...props.total, page: props.page, pageSize: props.pageSize, shown: props.shown })
            : ''}
        </Text>
        {props.selection}
      </Group>
      {props.actions && (
        <Group gap="xs" wrap="wrap">
          {props.actions}
        </Group>
      )}
    </Group>
  );
}

/**
 * The pages of a console list: numbered pages with previous and next, and a box that jumps to
 * any page. Hidden while everything fits on one page.
 */
export function ListPager(props: {
  total: ListTotal;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const pages = pageCount(props.total, props.pageSize);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (pages <= 1 && props.page <= 1) return null;

  const jump = (event: FormEvent) => {
    event.preventDefault();
    const page = Number(draft);
    if (!Number.isInteger(page) || page < 1 || page > pages) {
      setError(fillMessage(m.jumpOutOfRange, { pages: formatNumber(pages) }));
      return;
    }
    setError(null);
    setDraft('');
    props.onPage(page);
  };

  return (
    <Group
      justify="space-between"
      align="flex-start"
      gap="sm"
      wrap="wrap"
      component="nav"
      aria-label={m.pagesLabel}
    >
      <Pagination
        total={pages}
        value={Math.min(props.page, pages)}
        onChange={props.onPage}
        siblings={1}
        boundaries={1}
        size="sm"
        gap={4}
        getControlProps={paginationControlProps}
        getItemProps={(page) => ({
          ...paginationItemProps(page),
          ...(page === props.page ? { 'aria-current': 'page' as const } : {}),
        })}
      />
      {pages > 5 && (
        <form onSubmit={jump} noValidate>
          <Group gap={6} align="flex-start" wrap="nowrap">
            <TextInput
              size="xs"
              label={m.jumpLabel}
              placeholder={fillMessage(m.jumpHint, { pages: formatNumber(pages) })}
              inputMode="numeric"
              value={draft}
              error={error}
              onChange={(event) => setDraft(event.currentTarget.value.replace(/\D/g, ''))}
              w={130}
              styles={{ label: { fontSize: 'var(--mantine-font-size-xs)' } }}
            />
            <Button type="submit" size="xs" variant="default" mt={22}>
              {m.jumpButton}
            </Button>
          </Group>
        </form>
      )}
    </Group>
  );
}
