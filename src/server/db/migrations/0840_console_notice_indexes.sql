-- The console's notice list (issue 11, docs/console-notices.md): every sort and filter of a tenant
-- with a million notices reads an index in order and stops at the page, instead of sorting the
-- tenant's rows. The tie-breaker id makes the order total, so pages never repeat or skip a row.
CREATE INDEX citations_tenant_created_idx ON citations (tenant_id, created_on, id);
CREATE INDEX citations_tenant_status_created_idx ON citations (tenant_id, payment_status, created_on, id);
CREATE INDEX citations_tenant_amount_idx ON citations (tenant_id, (coalesce(amount_override, amount)), id);
-- The plate order needs the id too (citations_tenant_plate_idx of 0001 has only the plate).
CREATE INDEX citations_tenant_plate_order_idx ON citations (tenant_id, plate, id);
CREATE INDEX citations_tenant_code_created_idx ON citations (tenant_id, citation_code_id, created_on, id);
-- Searching by the start of a plate or a notice number ('ABC' finds 'ABC1234') whatever the
-- database's collation.
CREATE INDEX citations_tenant_plate_prefix_idx ON citations (tenant_id, plate text_pattern_ops);
CREATE INDEX citations_tenant_number_prefix_idx ON citations (tenant_id, citation_number text_pattern_ops);
