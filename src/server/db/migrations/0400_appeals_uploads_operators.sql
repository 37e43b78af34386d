-- Appeals: the tenant's appeal window, uploaded files (appeal photos, pass proofs) and operators.
ALTER TABLE tenants ADD COLUMN appeal_window_days integer NOT NULL DEFAULT 21 CHECK (appeal_window_days BETWEEN 0 AND 3650);

CREATE TABLE uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('appeal-photo', 'pass-proof')),
  storage_key text NOT NULL UNIQUE,
  file_url text NOT NULL,
  content_type text NOT NULL,
  status text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'stored', 'attached')),
  size integer CHECK (size >= 0),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  stored_at timestamptz
);
CREATE INDEX uploads_tenant_file_url_idx ON uploads (tenant_id, file_url);

CREATE TABLE operators (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  email text NOT NULL,
  fullname text NOT NULL,
  password_hash text NOT NULL,
  token_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX operators_tenant_email_key ON operators (tenant_id, lower(email));

CREATE INDEX appeals_tenant_pending_idx ON appeals (tenant_id, is_pending, submission_date);
