-- Accounts: token revocation, sign-up codes, one-time tokens (password reset, email verification)
-- and the email outbox with its development mailbox.
ALTER TABLE customers ADD COLUMN token_version integer NOT NULL DEFAULT 0;
ALTER TABLE customers ADD COLUMN password_changed_at timestamptz;

CREATE TABLE signup_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code ~ '^[A-Z0-9-]{1,64}$'),
  used_at timestamptz,
  used_by_customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX signup_codes_tenant_code_key ON signup_codes (tenant_id, code);

CREATE TABLE customer_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_verification')),
  token_hash text NOT NULL UNIQUE,
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_tokens_customer_idx ON customer_tokens (customer_id, purpose);

CREATE TABLE email_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  to_address text NOT NULL,
  subject text NOT NULL,
  content jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz
);
CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status = 'pending';

CREATE TABLE dev_mailbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  message_id text NOT NULL UNIQUE,
  to_address text NOT NULL,
  from_address text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text_body text NOT NULL,
  delivered_at timestamptz NOT NULL DEFAULT now()
);

-- Guest codes are looked up by value when a guest uses one, so they are unique per tenant.
CREATE UNIQUE INDEX customers_tenant_guest_code_key ON customers (tenant_id, guest_code) WHERE guest_code IS NOT NULL;
