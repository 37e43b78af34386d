-- Subscriptions: recurring payments started by a checkout and kept in step with the provider's
-- events (docs/payments.md), the invoices paid for them (each period counted once), and the
-- sandbox provider's own subscriptions, renewed by a sweep on the clock.
CREATE TABLE subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('stripe', 'sandbox')),
  provider_subscription_id text,
  purpose text NOT NULL CHECK (purpose ~ '^[a-z_]{1,32}$'),
  subject_id uuid NOT NULL,
  customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
  checkout_session_id uuid NOT NULL REFERENCES payment_sessions(id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency ~ '^[a-z]{3}$'),
  interval text NOT NULL CHECK (interval IN ('day', 'week', 'month', 'year')),
  interval_count integer NOT NULL CHECK (interval_count BETWEEN 1 AND 365),
  status text NOT NULL DEFAULT 'incomplete' CHECK (status IN ('incomplete', 'active', 'past_due', 'canceled')),
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  last_payment_failed_at timestamptz,
  canceled_at timestamptz
);
CREATE UNIQUE INDEX subscriptions_provider_key ON subscriptions (provider, provider_subscription_id);
CREATE UNIQUE INDEX subscriptions_checkout_key ON subscriptions (checkout_session_id);
CREATE INDEX subscriptions_subject_idx ON subscriptions (tenant_id, purpose, subject_id);

CREATE TABLE subscription_invoices (
  provider text NOT NULL CHECK (provider IN ('stripe', 'sandbox')),
  provider_invoice_id text NOT NULL,
  subscription_id uuid NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount >= 0),
  period_end timestamptz NOT NULL,
  receipt_url text,
  paid_at timestamptz NOT NULL,
  PRIMARY KEY (provider, provider_invoice_id)
);
CREATE INDEX subscription_invoices_subscription_idx ON subscription_invoices (subscription_id, period_end);

CREATE TABLE sandbox_subscriptions (
  id text PRIMARY KEY,
  provider_session_id text NOT NULL UNIQUE,
  subscription_id uuid NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  interval text NOT NULL CHECK (interval IN ('day', 'week', 'month', 'year')),
  interval_count integer NOT NULL CHECK (interval_count BETWEEN 1 AND 365),
  status text NOT NULL DEFAULT 'incomplete' CHECK (status IN ('incomplete', 'active', 'past_due', 'canceled')),
  billing_anchor timestamptz,
  periods_paid integer NOT NULL DEFAULT 0,
  current_period_end timestamptz,
  next_attempt_at timestamptz,
  failed_attempts integer NOT NULL DEFAULT 0,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  is_renewal_declined boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_subscriptions_due_idx ON sandbox_subscriptions (next_attempt_at)
  WHERE status IN ('active', 'past_due');
