-- One canonical plate for every match (issue 27, decision 174): upper-case, with the separators
-- people type between a plate's groups (spaces, dashes, dots) removed, the same form as
-- canonicalPlate() in src/shared/rules/plates.ts. Vehicles and scans keep the plate as typed
-- (the spec shows it) beside a generated canonical column; notices and report filters keep only
-- the canonical plate. Existing rows are normalised; saved vehicles that now collide are merged.
CREATE FUNCTION canonical_plate(plate text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN upper(regexp_replace(normalize(plate, NFKC), '[[:space:].\-‐-―−·]+', '', 'g'))
--> statement-breakpoint
-- Saved vehicles: the typed plate trimmed and upper-cased as the spec's form does; of a customer's
-- vehicles that share a canonical plate the oldest stays, its passes' copies point at it, and
-- the details it lacks come from the newest duplicate that has them.
UPDATE customer_vehicles SET plate = upper(btrim(plate)) WHERE plate <> upper(btrim(plate))
--> statement-breakpoint
CREATE TEMPORARY TABLE customer_vehicle_merges ON COMMIT DROP AS
  SELECT id, first_value(id) OVER same_plate AS kept_id
  FROM customer_vehicles
  WINDOW same_plate AS (PARTITION BY tenant_id, customer_id, canonical_plate(plate) ORDER BY created_at, id)
--> statement-breakpoint
DELETE FROM customer_vehicle_merges WHERE id = kept_id
--> statement-breakpoint
UPDATE customer_vehicles kept SET
    state = coalesce(kept.state, merged.state),
    make = coalesce(kept.make, merged.make),
    model = coalesce(kept.model, merged.model),
    color = coalesce(kept.color, merged.color)
  FROM (
    SELECT DISTINCT ON (m.kept_id) m.kept_id, v.state, v.make, v.model, v.color
    FROM customer_vehicle_merges m JOIN customer_vehicles v ON v.id = m.id
    ORDER BY m.kept_id, v.created_at DESC, v.id DESC
  ) merged
  WHERE kept.id = merged.kept_id
--> statement-breakpoint
UPDATE pass_vehicles pv SET customer_vehicle_id = m.kept_id
  FROM customer_vehicle_merges m WHERE pv.customer_vehicle_id = m.id
--> statement-breakpoint
DELETE FROM customer_vehicles WHERE id IN (SELECT id FROM customer_vehicle_merges)
--> statement-breakpoint
-- Dropping the old generated column drops its indexes; they come back on the canonical one.
ALTER TABLE customer_vehicles DROP COLUMN plate_normalized
--> statement-breakpoint
ALTER TABLE customer_vehicles ADD COLUMN plate_normalized text GENERATED ALWAYS AS (canonical_plate(plate)) STORED
--> statement-breakpoint
CREATE UNIQUE INDEX customer_vehicles_tenant_customer_plate_key ON customer_vehicles (tenant_id, customer_id, plate_normalized)
--> statement-breakpoint
-- A pass's vehicles: typed plate as above, canonical column for the patrol's plate check and the
-- console's plate search.
UPDATE pass_vehicles SET plate = upper(btrim(plate)) WHERE plate <> upper(btrim(plate))
--> statement-breakpoint
ALTER TABLE pass_vehicles DROP COLUMN plate_normalized
--> statement-breakpoint
ALTER TABLE pass_vehicles ADD COLUMN plate_normalized text GENERATED ALWAYS AS (canonical_plate(plate)) STORED
--> statement-breakpoint
CREATE INDEX pass_vehicles_tenant_active_plate_idx ON pass_vehicles (tenant_id, plate_normalized, pass_id) WHERE is_active AND plate_normalized <> ''
--> statement-breakpoint
CREATE INDEX pass_vehicles_tenant_plate_search_idx ON pass_vehicles (tenant_id, plate_normalized text_pattern_ops)
--> statement-breakpoint
-- Patrol scans: the plate as the device read it, and the canonical column reports filter on.
ALTER TABLE patrol_scans DROP COLUMN plate_normalized
--> statement-breakpoint
ALTER TABLE patrol_scans ADD COLUMN plate_normalized text GENERATED ALWAYS AS (canonical_plate(plate)) STORED
--> statement-breakpoint
CREATE INDEX patrol_scans_tenant_plate_idx ON patrol_scans (tenant_id, plate_normalized, captured_at DESC)
--> statement-breakpoint
-- A report's plate filter and a notice's plate are only ever matched: canonical only. Notices keep
-- their plate indexes (the public search stays an index scan on citations_tenant_plate_idx).
UPDATE patrol_reports SET plate = nullif(canonical_plate(plate), '') WHERE plate IS DISTINCT FROM nullif(canonical_plate(plate), '')
--> statement-breakpoint
UPDATE citations SET plate = canonical_plate(plate) WHERE plate <> canonical_plate(plate) AND canonical_plate(plate) <> ''
