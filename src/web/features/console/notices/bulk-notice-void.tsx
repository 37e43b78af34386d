import { TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  type BulkResult,
  NOTICE_REASON_MAX,
  type NoticeSelection,
  voidNoticesContract,
} from '../../../../shared/contract';
import { bulkWorkMessages as m } from '../../../../shared/messages';
import { BulkActions, type RowSelection, useBulkCall } from '../list-kit';
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
  const voidNotices = useBulkCall(voidNoticesContract, [noticesKey]);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  return (
    <BulkActions
      pageIds={props.pageIds}
      total={props.total}
      selection={props.selection}
      onChange={props.onChange}
      onDone={props.onDone}
      actions={[
        {
          label: m.voidAction,
          color: 'red.8',
          variant: 'outline',
          title: m.voidTitle,
          body: m.voidBody,
          confirmLabel: m.voidConfirm,
          run: (selection) => {
            if (!reason.trim()) {
              setReasonError(m.voidReasonRequired);
              throw new Error(m.voidReasonRequired);
            }
            return voidNotices.mutateAsync({
              body: {
                selection: selection.isAllMatching
                  ? { matching: props.filter }
                  : { uuids: [...selection.ids] },
                reason: reason.trim(),
              },
            });
          },
          onSent: () => setReason(''),
          fields: (
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
          ),
        },
      ]}
    />
  );
}
