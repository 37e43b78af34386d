-- Payment plans for large notices (issue 31, decision 222). A tenant may let a notice of at least
-- `payment_plan_threshold` cents be paid in 2 to `payment_plan_max_instalments` monthly
-- instalments, plus a flat `payment_plan_fee`; a failed instalment is retried until
-- `payment_plan_grace_days` after its first failure, then the plan ends ('defaulted').
ALTER TABLE tenants
  ADD COLUMN payment_plan_threshold integer CHECK (payment_plan_threshold BETWEEN 1 AND 100000000),
  ADD COLUMN payment_plan_max_instalments integer NOT NULL DEFAULT 6
    CHECK (payment_plan_max_instalments BETWEEN 2 AND 6),
  ADD COLUMN payment_plan_fee integer NOT NULL DEFAULT 0 CHECK (payment_plan_fee BETWEEN 0 AND 100000),
  ADD COLUMN payment_plan_grace_days integer NOT NULL DEFAULT 14
    CHECK (payment_plan_grace_days BETWEEN 1 AND 90);
--> statement-breakpoint
CREATE TABLE payment_plans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  citation_id uuid NOT NULL REFERENCES citations(id) ON DELETE CASCADE,
  -- pending: its first instalment's checkout is open; active: kept; completed: all paid;
  -- defaulted: a failed instalment stayed unpaid past the grace period; canceled: the notice was voided.
  status text NOT NULL DEFAULT 'pending',
  instalment_count integer NOT NULL CHECK (instalment_count BETWEEN 2 AND 6),
  -- What the notice cost when the plan was chosen (no penalty is added while it is kept).
  notice_amount integer NOT NULL CHECK (notice_amount > 0),
  fee integer NOT NULL DEFAULT 0 CHECK (fee >= 0),
  total integer NOT NULL CHECK (total = notice_amount + fee),
  payer_email text,
  -- The notice's page on the tenant's host, for the links of the plan's emails.
  notice_url text,
  provider text NOT NULL,
  provider_customer_id text,
  provider_payment_method_id text,
  checkout_session_id uuid,
  created_at timestamptz NOT NULL,
  activated_at timestamptz,
  ended_at timestamptz,
  CONSTRAINT payment_plans_status_check
    CHECK (status IN ('pending', 'active', 'completed', 'defaulted', 'canceled'))
);
--> statement-breakpoint
-- A notice has one plan in force at a time.
CREATE UNIQUE INDEX payment_plans_one_active_key ON payment_plans (citation_id) WHERE status = 'active';
--> statement-breakpoint
CREATE INDEX payment_plans_tenant_citation_idx ON payment_plans (tenant_id, citation_id, created_at);
--> statement-breakpoint
CREATE TABLE payment_plan_instalments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  plan_id uuid NOT NULL REFERENCES payment_plans(id) ON DELETE CASCADE,
  sequence integer NOT NULL CHECK (sequence BETWEEN 1 AND 6),
  -- The tenant-local date it is due ('YYYY-MM-DD') and the instant that date starts.
  due_on text NOT NULL,
  due_at timestamptz NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  -- due: to be charged at next_attempt_at; charging: claimed by a sweep; paid; paid_off: settled
  -- by paying the rest in full; canceled: the plan ended before it was charged.
  status text NOT NULL DEFAULT 'due',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  claimed_until timestamptz,
  first_failed_at timestamptz,
  last_failure text,
  paid_at timestamptz,
  provider_payment_id text,
  receipt_url text,
  CONSTRAINT payment_plan_instalments_status_check
    CHECK (status IN ('due', 'charging', 'paid', 'paid_off', 'canceled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX payment_plan_instalments_plan_sequence_key ON payment_plan_instalments (plan_id, sequence);
--> statement-breakpoint
CREATE INDEX payment_plan_instalments_due_idx ON payment_plan_instalments (next_attempt_at)
  WHERE status IN ('due', 'charging');
--> statement-breakpoint
-- The sandbox provider's saved payment methods (Stripe keeps its own): whether an off-session
-- charge of it is declined (the card 4000 0000 0000 0341, as at Stripe).
CREATE TABLE sandbox_payment_methods (
  id text PRIMARY KEY,
  -- The checkout payment that saved it.
  provider_payment_id text NOT NULL UNIQUE,
  declines_off_session boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
