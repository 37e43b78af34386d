-- A duplicate payment whose automatic refund failed is kept visible to the operator: its own
-- status and the provider's error, instead of only a log line.
ALTER TABLE payment_sessions ADD COLUMN refund_error text;
ALTER TABLE payment_sessions ADD COLUMN refund_failed_at timestamptz;
ALTER TABLE payment_sessions DROP CONSTRAINT payment_sessions_status_check;
ALTER TABLE payment_sessions ADD CONSTRAINT payment_sessions_status_check
  CHECK (status IN ('open', 'paid', 'expired', 'refunded', 'refund_failed'));
