import { Alert, Button, Checkbox, Group, List, Paper, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { BULK_MATCHING_CAP, type BulkResult } from '../../../../shared/contract';
import { bulkMessages as m } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import './row-selection.css';

/**
 * The rows an operator ticked on a list, or every row its search matches ("select all N
 * matching"): the latter is sent as the search itself, so rows beyond the page count too.
 */
export interface RowSelection {
  ids: ReadonlySet<string>;
  isAllMatching: boolean;
}

export const NO_SELECTION: RowSelection = { ids: new Set(), isAllMatching: false };

export function toggleRow(selection: RowSelection, id: string, isChecked: boolean): RowSelection {
  const ids = new Set(selection.ids);
  if (isChecked) ids.add(id);
  else ids.delete(id);
  return { ids, isAllMatching: false };
}

/** The row's tick box, labelled with the row so a screen reader says which row it selects. */
export function RowCheckbox(props: {
  label: string;
  selection: RowSelection;
  id: string;
  onChange: (next: RowSelection) => void;
}) {
  return (
    <Checkbox
      className="row-checkbox"
      aria-label={fillMessage(m.selectRow, { label: props.label })}
      checked={props.selection.isAllMatching || props.selection.ids.has(props.id)}
      onChange={(event) => props.onChange(toggleRow(props.selection, props.id, event.currentTarget.checked))}
      onClick={(event) => event.stopPropagation()}
    />
  );
}

/**
 * A list's selection bar (issue 33, decision 224): tick the page, then "Select all N matching"
 * (sent as the list's filter, resolved by the server up to BULK_MATCHING_CAP), the count, clear,
 * and the list's bulk actions (children), each disabled while nothing is chosen.
 */
export function SelectionBar(props: {
  pageIds: string[];
  total: number;
  selection: RowSelection;
  onChange: (next: RowSelection) => void;
  /** The most rows "select all matching" may name (default: BULK_MATCHING_CAP). */
  cap?: number;
  children: (chosen: number) => ReactNode;
}) {
  const { pageIds, total, selection } = props;
  const chosen = selectedCount(selection, total);
  const isPageSelected = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  const canSelectAllMatching =
    !selection.isAllMatching &&
    isPageSelected &&
    total > pageIds.length &&
    total <= (props.cap ?? BULK_MATCHING_CAP);
  return (
    <Paper withBorder p="sm" role="region" aria-label={m.bulkActions}>
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Group gap="sm" wrap="wrap">
          <Checkbox
            label={m.selectPage}
            checked={selection.isAllMatching || isPageSelected}
            indeterminate={!isPageSelected && !selection.isAllMatching && selection.ids.size > 0}
            onChange={(event) =>
              props.onChange(
                event.currentTarget.checked ? { ids: new Set(pageIds), isAllMatching: false } : NO_SELECTION,
              )
            }
          />
          <Text size="sm" fw={600} aria-live="polite">
            {fillMessage(m.selectedCount, { count: chosen })}
          </Text>
          {canSelectAllMatching && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => props.onChange({ ids: new Set(pageIds), isAllMatching: true })}
            >
              {fillMessage(m.selectAllMatching, { count: total })}
            </Button>
          )}
          {chosen > 0 && (
            <Button variant="subtle" size="compact-sm" onClick={() => props.onChange(NO_SELECTION)}>
              {m.clearSelection}
            </Button>
          )}
        </Group>
        <Group gap="xs">{props.children(chosen)}</Group>
      </Group>
    </Paper>
  );
}

/** How many rows a selection touches: the ticked ones, or the list's total. */
export const selectedCount = (selection: RowSelection, total: number) =>
  selection.isAllMatching ? total : selection.ids.size;

/** What the last bulk call did: how many changed, and each pass it left with the reason. */
export function BulkOutcome({ result, onClose }: { result: BulkResult; onClose: () => void }) {
  const failed = result.notChanged.length;
  return (
    <Alert
      color={failed > 0 ? 'yellow' : 'green'}
      role="status"
      withCloseButton
      closeButtonLabel={m.dismiss}
      onClose={onClose}
      data-testid="bulk-outcome"
    >
      <Text fw={600} c="dark.9">
        {failed > 0
          ? fillMessage(m.doneSome, { count: result.changed.length, failed: failed })
          : fillMessage(m.doneAll, { count: result.changed.length })}
      </Text>
      {failed > 0 && (
        <List size="sm" c="dark.9">
          {result.notChanged.map((row) => (
            <List.Item key={row.uuid}>{`${row.label}: ${row.reason}`}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/**
 * The answer of a list's last bulk call: the alert the page shows above the list (it stays when
 * the call emptied the list) until the operator dismisses it, and the setter for `onDone`.
 */
export function useBulkOutcome() {
  const [result, setResult] = useState<BulkResult | null>(null);
  const alert = result && <BulkOutcome result={result} onClose={() => setResult(null)} />;
  return [alert, setResult] as const;
}
