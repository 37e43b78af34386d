import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { RefundBody } from '../../../shared/contract';
import { formatCurrencyCode, formatMoney } from '../../../shared/format';
import { bulkMessages, refundMessages as m } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { parseDollars } from '../../../shared/rules/notice-csv';
import { Dialog } from '../../components/dialog';
import { DialogActions } from '../../components/dialog-actions';
import { FailureAlert } from '../../components/form-alerts';
import { DENY_RED } from '../operator/colors';

/** 128 random bits as hex: one Idempotency-Key for every click of one dialog (decision 224). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The console's refund (issue 33): an amount, all that is refundable unless lowered, and a required
 * reason the customer reads. The dialog keeps one idempotency key for its life, so a double click
 * or a retried request refunds once; the server checks the amount again under the row lock.
 */
export function RefundDialog(props: {
  title: string;
  /** What can still be refunded, and what was paid (cents). */
  refundable: number;
  paid: number;
  /** What a full refund does to the record. */
  effect: string;
  onRefund: (body: RefundBody, idempotencyKey: string) => Promise<void>;
  onClose: () => void;
}) {
  const [key] = useState(newKey);
  const [amountText, setAmountText] = useState((props.refundable / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  // The refund is a mutation: its isPending is the busy button, its error the dialog's banner.
  const refund = useMutation({
    mutationFn: (body: RefundBody) => props.onRefund(body, key),
    onSuccess: props.onClose,
  });
  const cents = parseDollars(amountText.trim());

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (refund.isPending) return;
    const found: typeof errors = {};
    if (cents === null || cents <= 0) found.amount = m.amountInvalid;
    else if (cents > props.refundable)
      found.amount = fillMessage(m.amountTooMuch, { amount: formatMoney(props.refundable) });
    if (!reason.trim()) found.reason = m.reasonRequired;
    setErrors(found);
    if (found.amount || found.reason || cents === null) return;
    refund.mutate({ amount: cents, reason: reason.trim() });
  }

  return (
    <Dialog title={props.title} onClose={props.onClose} closeLabel={bulkMessages.cancel}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>
            {fillMessage(m.refundableNow, {
              amount: formatMoney(props.refundable),
              paid: formatMoney(props.paid),
            })}
          </Text>
          <TextInput
            label={fillMessage(m.amountLabel, { currency: formatCurrencyCode() })}
            description={m.amountHint}
            inputMode="decimal"
            value={amountText}
            onChange={(event) => setAmountText(event.currentTarget.value)}
            error={errors.amount}
            data-autofocus
          />
          <Textarea
            label={m.reasonLabel}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
            required
            maxLength={500}
            autosize
            minRows={2}
          />
          <Text size="sm" c="dimmed">
            {props.effect}
          </Text>
          <FailureAlert message={refund.error?.message} />
          <DialogActions
            cancelLabel={bulkMessages.cancel}
            onCancel={props.onClose}
            submitLabel={fillMessage(m.confirm, {
              amount: formatMoney(cents !== null && cents > 0 ? cents : props.refundable),
            })}
            isSubmitting={refund.isPending}
            color={DENY_RED}
          />
        </Stack>
      </form>
    </Dialog>
  );
}
