import { Alert, Button, Checkbox, Group, List, Paper, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BULK_MAX_ROWS,
  type BulkResult,
  type ConsolePassFilter,
  decidePassesContract,
  type PassSelection,
} from '../../../../shared/contract';
import { bulkMessages as m } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import { APPROVE_GREEN, DENY_RED } from '../../operator/colors';
import { callAsOperator } from '../operator-call';
import { ConfirmDialog } from './confirm-dialog';

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
      aria-label={fillMessage(m.selectRow, { label: props.label })}
      checked={props.selection.isAllMatching || props.selection.ids.has(props.id)}
      onChange={(event) => props.onChange(toggleRow(props.selection, props.id, event.currentTarget.checked))}
      onClick={(event) => event.stopPropagation()}
    />
  );
}

/**
 * The approvals queue's bulk bar (issue 33): select the page or all N matching, then approve or
 * reject them in one call, confirmed by a dialog that says how many passes it touches; the
 * answer names the passes that could not change, and why.
 */
export function BulkPassDecision(props: {
  pageIds: string[];
  total: number;
  search: { q: string; status: ConsolePassFilter };
  selection: RowSelection;
  onChange: (next: RowSelection) => void;
  /** The answer of a bulk call, shown by the page above the list (which may now be empty). */
  onDone: (result: BulkResult) => void;
}) {
  const { pageIds, total, selection } = props;
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<'paid' | 'rejected' | null>(null);
  const [message, setMessage] = useState('');
  const chosen = selection.isAllMatching ? total : selection.ids.size;
  const isPageSelected = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  const canSelectAllMatching =
    !selection.isAllMatching && isPageSelected && total > pageIds.length && total <= BULK_MAX_ROWS;

  function selectPage(isChecked: boolean) {
    props.onChange(isChecked ? { ids: new Set(pageIds), isAllMatching: false } : NO_SELECTION);
  }

  async function confirm() {
    if (!decision) return;
    const body: { selection: PassSelection; status: 'paid' | 'rejected'; message: string | null } = {
      selection: selection.isAllMatching ? { matching: props.search } : { uuids: [...selection.ids] },
      status: decision,
      message: message.trim() || null,
    };
    const answer = await callAsOperator(decidePassesContract, { body });
    props.onDone(answer);
    setMessage('');
    props.onChange(NO_SELECTION);
    await queryClient.invalidateQueries({ queryKey: ['console', 'passes'] });
  }

  const isApproving = decision === 'paid';
  return (
    <>
      <Paper withBorder p="sm" role="region" aria-label={m.bulkActions}>
        <Group gap="sm" wrap="wrap" justify="space-between">
          <Group gap="sm" wrap="wrap">
            <Checkbox
              label={m.selectPage}
              checked={selection.isAllMatching || isPageSelected}
              indeterminate={!isPageSelected && !selection.isAllMatching && selection.ids.size > 0}
              onChange={(event) => selectPage(event.currentTarget.checked)}
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
          <Group gap="xs">
            <Button color={APPROVE_GREEN} disabled={chosen === 0} onClick={() => setDecision('paid')}>
              {m.approve}
            </Button>
            <Button
              color={DENY_RED}
              variant="outline"
              disabled={chosen === 0}
              onClick={() => setDecision('rejected')}
            >
              {m.reject}
            </Button>
          </Group>
        </Group>
      </Paper>
      {decision && (
        <ConfirmDialog
          title={fillMessage(isApproving ? m.approveTitle : m.rejectTitle, { count: chosen })}
          body={fillMessage(isApproving ? m.approveBody : m.rejectBody, { count: chosen })}
          confirmLabel={fillMessage(isApproving ? m.approveConfirm : m.rejectConfirm, {
            count: chosen,
          })}
          cancelLabel={m.cancel}
          color={isApproving ? APPROVE_GREEN : DENY_RED}
          onConfirm={confirm}
          onClose={() => setDecision(null)}
        >
          <Textarea
            label={m.messageLabel}
            maxLength={2000}
            autosize
            minRows={2}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
        </ConfirmDialog>
      )}
    </>
  );
}

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
