-- The provider's payment id of a paid session (what a refund names), and the refund of a
-- payment that arrived for something already paid.
ALTER TABLE payment_sessions ADD COLUMN provider_payment_id text;
ALTER TABLE payment_sessions ADD COLUMN refund_id text;
ALTER TABLE payment_sessions ADD COLUMN refunded_at timestamptz;
ALTER TABLE payment_sessions DROP CONSTRAINT payment_sessions_status_check;
ALTER TABLE payment_sessions ADD CONSTRAINT payment_sessions_status_check
  CHECK (status IN ('open', 'paid', 'expired', 'refunded'));
