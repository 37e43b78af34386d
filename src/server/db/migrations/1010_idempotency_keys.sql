-- Idempotency keys (issue 27, decision 176): the first result of a call that creates a pass, a
-- payment or an email, kept per tenant, caller and key so a replay answers it instead of doing the
-- work again. The primary key is what makes a key's work happen once under a race: of two
-- requests with one key, one inserts the row and runs, the other finds it. A row without a
-- response_status is a call still running. Row-level security comes from the tenant_id column
-- (syncRowLevelSecurity, decision 152).
CREATE TABLE idempotency_keys (
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  caller text NOT NULL,
  idempotency_key text NOT NULL,
  fingerprint text NOT NULL,
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, caller, idempotency_key)
)
--> statement-breakpoint
CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at)
