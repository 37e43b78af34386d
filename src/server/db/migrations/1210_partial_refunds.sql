-- Console refunds take a reason and may be partial (issue 33, decision 224). A paid payment keeps
-- status 'paid' while part of it is given back; refunded_amount says how much, and the payment is
-- 'refunded' once all of it is. Each refund an operator makes is one row of payment_refunds, with
-- the amount, the reason and the provider's refund id.
ALTER TABLE payment_sessions ADD COLUMN refunded_amount integer NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE payment_sessions SET refunded_amount = amount WHERE status = 'refunded';
--> statement-breakpoint
ALTER TABLE payment_sessions ADD CONSTRAINT payment_sessions_refunded_amount_check
  CHECK (refunded_amount >= 0 AND refunded_amount <= amount);
--> statement-breakpoint
CREATE TABLE payment_refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  payment_session_id uuid NOT NULL REFERENCES payment_sessions(id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount > 0),
  reason text NOT NULL,
  provider_refund_id text NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX payment_refunds_session_idx ON payment_refunds (tenant_id, payment_session_id, created_at);
