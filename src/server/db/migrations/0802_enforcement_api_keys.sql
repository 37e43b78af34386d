-- The enforcement API (docs/decisions/120-123): per-tenant API keys for patrol devices, the price
-- of each violation code (a notice written in the field takes its amount and late tiers from its
-- code), idempotent field notices, and patrol photos as an upload purpose.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- SHA-256 (hex) of the whole key; the key itself is shown once and never stored.
  key_hash text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  -- The first characters of the key, so an operator can tell keys apart in a list.
  key_prefix text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_tenant_created_idx ON api_keys (tenant_id, created_at DESC);

ALTER TABLE citation_codes ADD COLUMN amount integer CHECK (amount >= 0);
ALTER TABLE citation_codes ADD COLUMN late_amount1 integer CHECK (late_amount1 >= 0);
ALTER TABLE citation_codes ADD COLUMN late_days1 integer CHECK (late_days1 >= 0);
ALTER TABLE citation_codes ADD COLUMN late_amount2 integer CHECK (late_amount2 >= 0);
ALTER TABLE citation_codes ADD COLUMN late_days2 integer CHECK (late_days2 >= 0);

-- Chosen by the device for a notice written in the field: a retry writes it once.
ALTER TABLE citations ADD COLUMN client_id text CHECK (length(client_id) BETWEEN 1 AND 100);
CREATE UNIQUE INDEX citations_tenant_client_id_key ON citations (tenant_id, client_id) WHERE client_id IS NOT NULL;
-- Numbers of notices written in the field: one sequence, so they never collide within a tenant.
CREATE SEQUENCE field_citation_number_seq START WITH 500001;

ALTER TABLE uploads DROP CONSTRAINT uploads_purpose_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check CHECK (purpose IN ('appeal-photo', 'pass-proof', 'patrol-photo'));
