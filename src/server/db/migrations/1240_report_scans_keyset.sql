-- A report's scan list pages by keyset on (captured_at, id), newest first (decision 231): the
-- tenant's capture-time and plate indexes end with the id, so "the 25 scans after this one" is one
-- index range read however deep the page. They replace the indexes of 0702/1000 they extend.
CREATE INDEX patrol_scans_tenant_captured_id_idx ON patrol_scans (tenant_id, captured_at DESC, id DESC);
CREATE INDEX patrol_scans_tenant_plate_captured_id_idx
  ON patrol_scans (tenant_id, plate_normalized, captured_at DESC, id DESC);
DROP INDEX patrol_scans_tenant_captured_idx;
DROP INDEX patrol_scans_tenant_plate_idx;
