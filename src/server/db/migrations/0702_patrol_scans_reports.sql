-- Patrol: plate scans recorded by enforcement devices, and activity reports over them.
-- See docs/decisions/090.
CREATE TABLE patrol_scans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  -- Chosen by the device for each scan: a retried batch records nothing twice.
  client_id text NOT NULL CHECK (length(client_id) BETWEEN 1 AND 100),
  captured_at timestamptz NOT NULL,
  plate text NOT NULL CHECK (length(plate) BETWEEN 1 AND 16),
  plate_normalized text GENERATED ALWAYS AS (upper(regexp_replace(plate, '\s', '', 'g'))) STORED,
  fullname text,
  user_email text,
  alert_message text,
  full_image_url text CHECK (length(full_image_url) <= 2000),
  upload_id uuid REFERENCES uploads(id) ON DELETE SET NULL,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX patrol_scans_tenant_client_id_key ON patrol_scans (tenant_id, client_id);
CREATE INDEX patrol_scans_tenant_captured_idx ON patrol_scans (tenant_id, captured_at DESC);
CREATE INDEX patrol_scans_tenant_plate_idx ON patrol_scans (tenant_id, plate_normalized, captured_at DESC);

-- An activity report: its uuid is the capability that opens /reports/{uuid} without sign-in.
CREATE TABLE patrol_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  start_date timestamptz NOT NULL,
  end_date timestamptz NOT NULL,
  plate text CHECK (length(plate) BETWEEN 1 AND 16),
  created_by_operator_id uuid REFERENCES operators(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT patrol_reports_range_check CHECK (end_date >= start_date)
);
CREATE INDEX patrol_reports_tenant_created_idx ON patrol_reports (tenant_id, created_at DESC);
