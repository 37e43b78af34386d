import { Button } from '@mantine/core';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { BulkResult, RouteContract } from '../../../../shared/contract';
import { bulkMessages as m } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import { contractMutation } from '../../../lib/contract-query';
import { callAsOperator } from '../operator-call';
import { ConfirmDialog } from '../passes/confirm-dialog';
import { NO_SELECTION, type RowSelection, SelectionBar, selectedCount } from './row-selection';

/**
 * One bulk action of a list (issue 33, decision 237): its button on the selection bar, the words
 * of its confirmation (ICU messages given the count, so the dialog says how many rows it touches)
 * and its one server call.
 */
export interface BulkAction {
  label: string;
  color: string;
  variant?: 'filled' | 'outline';
  /** ICU messages with `{count}`: the dialog's title, its text and its confirm button. */
  title: string;
  body: string;
  confirmLabel: string;
  /** The dialog's way out (default: "Cancel"). */
  keepLabel?: string;
  /** What else the dialog asks for (a reason, a message to the holders). */
  fields?: ReactNode;
  /** Sends the call for the chosen rows; a throw keeps the dialog open with the error. */
  run: (selection: RowSelection) => Promise<BulkResult>;
  /** Once the call succeeded: clear the dialog's fields. */
  onSent?: () => void;
}

/**
 * A bulk call as a mutation built from its contract (decision 225); its answer refreshes the
 * answers under each key of `refreshes` (the list's key prefix, ...) before the result is shown.
 */
export function useBulkCall<Contract extends RouteContract>(contract: Contract, refreshes: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    ...contractMutation(contract, callAsOperator),
    onSuccess: () => Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/**
 * A list's selection, kept while its filters stay the same (decision 201): a new filter or search
 * starts a new selection, so "all N matching" never means rows the operator no longer sees.
 */
export function useRowSelection(filters: unknown) {
  const filterKey = JSON.stringify(filters);
  const [chosen, setChosen] = useState({ filterKey, selection: NO_SELECTION });
  const selection = chosen.filterKey === filterKey ? chosen.selection : NO_SELECTION;
  const setSelection = (next: RowSelection) => setChosen({ filterKey, selection: next });
  return [selection, setSelection] as const;
}

/**
 * The selection bar with a list's bulk actions: each button opens a dialog that says how many
 * rows the action touches, sends the one call, clears the selection and hands the answer (what
 * changed, and each row that could not change with why) to the page.
 */
export function BulkActions(props: {
  pageIds: string[];
  total: number;
  selection: RowSelection;
  onChange: (next: RowSelection) => void;
  /** The most rows "select all matching" may name (default: BULK_MATCHING_CAP). */
  cap?: number;
  actions: BulkAction[];
  onDone: (result: BulkResult) => void;
}) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const open = openIndex === null ? undefined : props.actions[openIndex];
  const count = selectedCount(props.selection, props.total);

  return (
    <>
      <SelectionBar
        pageIds={props.pageIds}
        total={props.total}
        selection={props.selection}
        onChange={props.onChange}
        cap={props.cap}
      >
        {(chosen) =>
          props.actions.map((action, index) => (
            <Button
              key={action.label}
              color={action.color}
              variant={action.variant ?? 'filled'}
              disabled={chosen === 0}
              onClick={() => setOpenIndex(index)}
            >
              {action.label}
            </Button>
          ))
        }
      </SelectionBar>
      {open && (
        <ConfirmDialog
          title={fillMessage(open.title, { count })}
          body={fillMessage(open.body, { count })}
          confirmLabel={fillMessage(open.confirmLabel, { count })}
          cancelLabel={open.keepLabel ?? m.cancel}
          color={open.color}
          onConfirm={async () => {
            const result = await open.run(props.selection);
            open.onSent?.();
            props.onChange(NO_SELECTION);
            props.onDone(result);
          }}
          onClose={() => setOpenIndex(null)}
        >
          {open.fields}
        </ConfirmDialog>
      )}
    </>
  );
}
