-- Appeal messages (issue 15, beyond the spec): the appellant and the operator write to each other
-- until the appeal is decided.
CREATE TABLE appeal_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  appeal_id uuid NOT NULL REFERENCES appeals(id) ON DELETE CASCADE,
  author text NOT NULL CHECK (author IN ('appellant', 'operator')),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Insert order, for messages written at the same instant.
  position bigint GENERATED ALWAYS AS IDENTITY
);
CREATE INDEX appeal_messages_tenant_appeal_idx ON appeal_messages (tenant_id, appeal_id, created_at);
