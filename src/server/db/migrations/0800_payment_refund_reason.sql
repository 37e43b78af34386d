-- Why a payment was given back: a second payment of something already paid, a notice that could
-- no longer be paid (voided meanwhile), or one whose amount due changed while its checkout was open.
ALTER TABLE payment_sessions ADD COLUMN refund_reason text;
ALTER TABLE payment_sessions ADD CONSTRAINT payment_sessions_refund_reason_check
  CHECK (refund_reason IS NULL OR refund_reason IN ('duplicate', 'not_payable', 'amount_changed'));
UPDATE payment_sessions SET refund_reason = 'duplicate' WHERE status IN ('refunded', 'refund_failed');
