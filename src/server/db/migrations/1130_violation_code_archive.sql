-- A violation code can be archived (issue 33): old notices keep it and show its name, new notices
-- (console, field, import) can no longer choose it. A field notice names its code in any case, so
-- the lookup reads lower(name).
ALTER TABLE citation_codes ADD COLUMN archived_at timestamptz;
CREATE INDEX citation_codes_tenant_lower_name_idx ON citation_codes (tenant_id, lower(name));
