-- Extending a short pass (issue 31, decision 236): a product may allow it; each extension is a
-- new paid window on the same pass, starting at the pass's end as it was when the extension began.
ALTER TABLE pass_products ADD COLUMN allows_extension boolean NOT NULL DEFAULT false;
--> statement-breakpoint
CREATE TABLE pass_extensions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  pass_id uuid NOT NULL REFERENCES issued_passes(id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  amount integer NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL,
  paid_at timestamptz,
  CONSTRAINT pass_extensions_status_check CHECK (status IN ('pending', 'paid', 'refused')),
  CONSTRAINT pass_extensions_window_check CHECK (ends_at > starts_at),
  CONSTRAINT pass_extensions_amount_check CHECK (amount >= 0)
);
--> statement-breakpoint
-- A window of a pass is paid once: two extensions from one end cannot both be paid.
CREATE UNIQUE INDEX pass_extensions_paid_window_key ON pass_extensions (pass_id, starts_at)
  WHERE status = 'paid';
--> statement-breakpoint
CREATE INDEX pass_extensions_pass_idx ON pass_extensions (tenant_id, pass_id, starts_at);
