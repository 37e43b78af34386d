-- The audit log filtered by operator or by action, newest first, by keyset pages (issue 33): each
-- filter starts from its own index instead of reading the tenant's whole log.
CREATE INDEX audit_log_tenant_operator_idx ON audit_log (tenant_id, operator_id, created_at DESC, id DESC);
CREATE INDEX audit_log_tenant_action_idx ON audit_log (tenant_id, action, created_at DESC, id DESC);
