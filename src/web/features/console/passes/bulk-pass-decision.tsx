import { Button, Textarea } from '@mantine/core';
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
import { NO_SELECTION, type RowSelection, SelectionBar, selectedCount } from '../list-kit/row-selection';
import { callAsOperator } from '../operator-call';
import { ConfirmDialog } from './confirm-dialog';

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
  const chosen = selectedCount(selection, total);

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
      <SelectionBar
        pageIds={pageIds}
        total={total}
        selection={selection}
        onChange={props.onChange}
        cap={BULK_MAX_ROWS}
      >
        {(chosen) => (
          <>
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
          </>
        )}
      </SelectionBar>
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

// The selection pieces live in the list kit now; the passes page imports them from here too.
export { BulkOutcome, NO_SELECTION, RowCheckbox, type RowSelection } from '../list-kit/row-selection';
