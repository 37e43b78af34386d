-- The operator console's audit log (docs/decisions/140): every change an operator makes, who,
-- what, when, before and after. Rows are written in the same transaction as the change and are
-- never updated or deleted (a trigger refuses both), so the console can only read them.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  -- Null for changes made by the platform admin or by the system on an operator's behalf.
  operator_id uuid REFERENCES operators(id),
  -- Kept as written: the log still names an operator whose email later changes.
  actor_label text NOT NULL CHECK (length(actor_label) BETWEEN 1 AND 320),
  action text NOT NULL CHECK (action ~ '^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$'),
  entity_type text NOT NULL CHECK (length(entity_type) BETWEEN 1 AND 50),
  entity_id text NOT NULL CHECK (length(entity_id) BETWEEN 1 AND 100),
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX audit_log_tenant_created_idx ON audit_log (tenant_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX audit_log_tenant_entity_idx ON audit_log (tenant_id, entity_type, entity_id, created_at DESC);
--> statement-breakpoint
CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
