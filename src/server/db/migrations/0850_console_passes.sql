-- The operator console's pass screens (issue 11, docs/console-passes.md): refunds an operator
-- makes, product pictures as an upload purpose, and the indexes of the pass search (plate prefix,
-- email prefix, name words, newest first) so it stays an index scan on a large tenant.
ALTER TABLE payment_sessions DROP CONSTRAINT payment_sessions_refund_reason_check;
ALTER TABLE payment_sessions ADD CONSTRAINT payment_sessions_refund_reason_check
  CHECK (refund_reason IS NULL OR refund_reason IN ('duplicate', 'not_payable', 'amount_changed', 'operator'));
ALTER TABLE uploads DROP CONSTRAINT uploads_purpose_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check
  CHECK (purpose IN ('appeal-photo', 'pass-proof', 'patrol-photo', 'brand-logo', 'product-image'));
CREATE INDEX issued_passes_tenant_created_idx ON issued_passes (tenant_id, created_at DESC, id DESC);
CREATE INDEX issued_passes_tenant_email_search_idx ON issued_passes (tenant_id, lower(customer_email) text_pattern_ops);
CREATE INDEX issued_passes_name_search_idx ON issued_passes USING gin (to_tsvector('simple', coalesce(customer_name, '')));
CREATE INDEX pass_vehicles_tenant_plate_search_idx ON pass_vehicles (tenant_id, plate_normalized text_pattern_ops);
