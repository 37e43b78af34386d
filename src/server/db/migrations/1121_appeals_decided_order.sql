-- The console's decided appeals, newest answer first, by outcome (issue 33); the pending queue
-- keeps appeals_tenant_pending_idx (migration 0400).
CREATE INDEX appeals_tenant_decided_idx ON appeals (tenant_id, is_approved, response_date DESC, id)
  WHERE NOT is_pending AND unconfirmed_until IS NULL;
