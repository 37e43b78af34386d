import { Button, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type BulkResult,
  NOTICE_REASON_MAX,
  type NoticeSelection,
  voidNoticesContract,
} from '../../../../shared/contract';
import { bulkMessages, bulkWorkMessages as m } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import { NO_SELECTION, type RowSelection, SelectionBar } from '../list-kit';
import { callAsOperator } from '../operator-call';
import { ConfirmDialog } from '../passes/confirm-dialog';
import { noticesKey } from './api';

/**
 * The notices list's bulk bar (issue 33): tick rows or all N matching the filters, then void them
 * in one call with one reason, confirmed by a dialog that says how many notices it touches.
 */
export function BulkNoticeVoid(props: {
  pageIds: string[];
  total: number;
  /** The list's filters, sent as they are for "select all matching". */
  filter: NonNullable<Extract<NoticeSelection, { matching: unknown }>['matching']>;
  selection: RowSelection;
  onChange: (next: RowSelection) => void;
  onDone: (result: BulkResult) => void;
}) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const chosen = props.selection.isAllMatching ? props.total : props.selection.ids.size;

  async function confirm() {
    if (!reason.trim()) {
      setReasonError(m.voidReasonRequired);
      throw new Error(m.voidReasonRequired);
    }
    const selection: NoticeSelection = props.selection.isAllMatching
      ? { matching: props.filter }
      : { uuids: [...props.selection.ids] };
    const answer = await callAsOperator(voidNoticesContract, { body: { selection, reason: reason.trim() } });
    props.onDone(answer);
    setReason('');
    props.onChange(NO_SELECTION);
    await queryClient.invalidateQueries({ queryKey: noticesKey });
  }

  return (
    <>
      <SelectionBar
        pageIds={props.pageIds}
        total={props.total}
        selection={props.selection}
        onChange={props.onChange}
      >
        {(selected) => (
          <Button color="red.8" variant="outline" disabled={selected === 0} onClick={() => setIsOpen(true)}>
            {m.voidAction}
          </Button>
        )}
      </SelectionBar>
      {isOpen && (
        <ConfirmDialog
          title={fillMessage(m.voidTitle, { count: chosen })}
          body={fillMessage(m.voidBody, { count: chosen })}
          confirmLabel={fillMessage(m.voidConfirm, { count: chosen })}
          cancelLabel={bulkMessages.cancel}
          onConfirm={confirm}
          onClose={() => setIsOpen(false)}
        >
          <TextInput
            label={m.voidReason}
            required
            data-autofocus
            maxLength={NOTICE_REASON_MAX}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
          />
        </ConfirmDialog>
      )}
    </>
  );
}
