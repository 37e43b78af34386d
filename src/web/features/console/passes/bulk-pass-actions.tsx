import { Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  BULK_MAX_ROWS,
  type BulkResult,
  type ConsolePassFilter,
  cancelPassesContract,
  decidePassesContract,
  type PassSelection,
} from '../../../../shared/contract';
import { bulkMessages as m, bulkWorkMessages as w } from '../../../../shared/messages';
import { APPROVE_GREEN, DENY_RED } from '../../operator/colors';
import { useOperatorCan } from '../console-api';
import { type BulkAction, BulkActions, type RowSelection, useBulkCall } from '../list-kit';
import { passChangeKeys } from './api';

/**
 * The passes list's bulk bar (issue 33): select the page or all N matching, then, as the role
 * allows, approve or reject the approvals queue's passes, or cancel passes of any filter, each in
 * one call confirmed by a dialog that says how many passes it touches; the answer names the
 * passes that could not change, and why.
 */
export function BulkPassActions(props: {
  pageIds: string[];
  total: number;
  search: { q: string; status: ConsolePassFilter };
  selection: RowSelection;
  onChange: (next: RowSelection) => void;
  /** The answer of a bulk call, shown by the page above the list (which may now be empty). */
  onDone: (result: BulkResult) => void;
}) {
  const isQueue = props.search.status === 'waiting';
  const canApprove = useOperatorCan('pass.approve') && isQueue;
  const canCancel = useOperatorCan('pass.cancel');
  const decide = useBulkCall(decidePassesContract, passChangeKeys);
  const cancel = useBulkCall(cancelPassesContract, passChangeKeys);
  const [message, setMessage] = useState('');
  const toSelection = (selection: RowSelection): PassSelection =>
    selection.isAllMatching ? { matching: props.search } : { uuids: [...selection.ids] };

  const messageField = (
    <Textarea
      label={m.messageLabel}
      maxLength={2000}
      autosize
      minRows={2}
      value={message}
      onChange={(event) => setMessage(event.currentTarget.value)}
    />
  );
  const decision = (status: 'paid' | 'rejected') => (selection: RowSelection) =>
    decide.mutateAsync({
      body: { selection: toSelection(selection), status, message: message.trim() || null },
    });
  const actions: BulkAction[] = [];
  if (canApprove) {
    actions.push(
      {
        label: m.approve,
        color: APPROVE_GREEN,
        title: m.approveTitle,
        body: m.approveBody,
        confirmLabel: m.approveConfirm,
        fields: messageField,
        run: decision('paid'),
        onSent: () => setMessage(''),
      },
      {
        label: m.reject,
        color: DENY_RED,
        variant: 'outline',
        title: m.rejectTitle,
        body: m.rejectBody,
        confirmLabel: m.rejectConfirm,
        fields: messageField,
        run: decision('rejected'),
        onSent: () => setMessage(''),
      },
    );
  }
  if (canCancel) {
    actions.push({
      label: w.cancelAction,
      color: DENY_RED,
      variant: 'outline',
      title: w.cancelTitle,
      body: w.cancelBody,
      confirmLabel: w.cancelConfirm,
      keepLabel: w.keep,
      run: (selection) => cancel.mutateAsync({ body: { selection: toSelection(selection) } }),
    });
  }
  if (actions.length === 0) return null;
  return (
    <BulkActions
      pageIds={props.pageIds}
      total={props.total}
      selection={props.selection}
      onChange={props.onChange}
      cap={canApprove ? BULK_MAX_ROWS : undefined}
      actions={actions}
      onDone={props.onDone}
    />
  );
}
