-- The console's operators (issue 11, docs/decisions/145): an invited operator has no password
-- until they follow the emailed link; a disabled one can no longer sign in. Operators are never
-- deleted: the audit log keeps naming them.
ALTER TABLE operators ALTER COLUMN password_hash DROP NOT NULL;
ALTER TABLE operators ADD COLUMN disabled_at timestamptz;

-- Single-use links emailed to operators (an invitation, a password reset). Only a hash of the
-- token is stored: the link in the email is its one copy.
CREATE TABLE operator_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  operator_id uuid NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('invitation', 'password_reset')),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_tokens_operator_idx ON operator_tokens (operator_id, purpose);

-- A tenant's brand logo is an upload too (console settings).
ALTER TABLE uploads DROP CONSTRAINT uploads_purpose_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check CHECK (purpose IN ('appeal-photo', 'pass-proof', 'patrol-photo', 'brand-logo'));

-- The console overview counts today's notices and this month's payments of one tenant among a
-- million rows: each count reads a range of one index.
CREATE INDEX IF NOT EXISTS citations_tenant_created_on_idx ON citations (tenant_id, created_on);
CREATE INDEX IF NOT EXISTS citations_tenant_date_paid_idx ON citations (tenant_id, date_paid) WHERE date_paid IS NOT NULL;
CREATE INDEX IF NOT EXISTS payment_sessions_tenant_paid_idx ON payment_sessions (tenant_id, purpose, paid_at) WHERE status = 'paid';
