-- Payments: hosted checkout sessions, the provider events already handled (exactly-once),
-- the payment provider's customer of each account, and the sandbox provider's own state.
CREATE TABLE payment_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('stripe', 'sandbox')),
  provider_session_id text UNIQUE,
  purpose text NOT NULL CHECK (purpose ~ '^[a-z_]{1,32}$'),
  subject_id uuid NOT NULL,
  customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency ~ '^[a-z]{3}$'),
  description text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'expired')),
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  receipt_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz
);
CREATE INDEX payment_sessions_subject_idx ON payment_sessions (tenant_id, purpose, subject_id);
CREATE INDEX payment_sessions_customer_idx ON payment_sessions (customer_id, paid_at) WHERE status = 'paid';

CREATE TABLE payment_events (
  provider text NOT NULL CHECK (provider IN ('stripe', 'sandbox')),
  event_id text NOT NULL,
  type text NOT NULL,
  payment_session_id uuid REFERENCES payment_sessions(id) ON DELETE CASCADE,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

CREATE TABLE payment_customers (
  customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('stripe', 'sandbox')),
  provider_customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payment_customers_provider_key ON payment_customers (provider, provider_customer_id);

CREATE TABLE sandbox_cards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_customer_id text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL CHECK (exp_year BETWEEN 2000 AND 2100),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_cards_customer_idx ON sandbox_cards (provider_customer_id);

CREATE TABLE sandbox_portal_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_customer_id text NOT NULL,
  return_url text NOT NULL,
  expires_at timestamptz NOT NULL
);
