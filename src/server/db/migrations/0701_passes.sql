-- Parking passes (part 2): products with their form fields, images, rules and access codes;
-- issued passes with their holder, vehicles and registration proofs; saved vehicles; email
-- verification for isEmailVerify products. See docs/decisions/090.
-- Every child names its parent together with the tenant (composite foreign keys), so a row can
-- never point at another tenant's record.
CREATE UNIQUE INDEX customers_tenant_id_key ON customers (tenant_id, id);

CREATE TABLE pass_products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  business_account_id uuid,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  description text,
  amount integer NOT NULL DEFAULT 0 CHECK (amount >= 0),
  currency text NOT NULL DEFAULT 'usd' CHECK (currency ~ '^[a-z]{3}$'),
  billing_type text NOT NULL DEFAULT 'ONE TIME' CHECK (billing_type IN ('ONE TIME', 'RECURRING')),
  billing_period text NOT NULL DEFAULT 'NONE' CHECK (billing_period IN ('NONE', 'DAY', 'WEEK', 'MONTH', 'YEAR')),
  permit_duration integer NOT NULL DEFAULT 1 CHECK (permit_duration > 0),
  permit_duration_unit text NOT NULL DEFAULT 'DAY' CHECK (permit_duration_unit IN ('MINUTE', 'HOUR', 'DAY', 'MONTH', 'YEAR')),
  time_selection_type smallint NOT NULL DEFAULT 1 CHECK (time_selection_type IN (1, 2, 3)),
  chosen_date timestamptz,
  chosen_end_date timestamptz,
  advanced_type smallint NOT NULL DEFAULT 0 CHECK (advanced_type BETWEEN 0 AND 5),
  is_auto_approved boolean NOT NULL DEFAULT true,
  is_email_verify boolean NOT NULL DEFAULT false,
  is_signup_code_required boolean NOT NULL DEFAULT false,
  is_reg_img_required boolean NOT NULL DEFAULT false,
  needs_guest_code boolean NOT NULL DEFAULT false,
  guest_fields_type smallint NOT NULL DEFAULT 1 CHECK (guest_fields_type IN (0, 1)),
  guest_needs_permit_holder_info boolean NOT NULL DEFAULT false,
  is_min_permit_holder_info boolean NOT NULL DEFAULT false,
  label_descriptor text NOT NULL DEFAULT 'None',
  document_upload_copy text,
  is_plate_only boolean NOT NULL DEFAULT false,
  footer_copy text,
  footer_copy_above_checkout text,
  is_visitor_only boolean NOT NULL DEFAULT false,
  is_business_product boolean NOT NULL DEFAULT false,
  capacity integer CHECK (capacity >= 0),
  max_vehicles_per_permit integer NOT NULL DEFAULT 1 CHECK (max_vehicles_per_permit BETWEEN 1 AND 50),
  max_active_vehicles_per_permit integer NOT NULL DEFAULT 1 CHECK (max_active_vehicles_per_permit >= 1),
  can_edit_times boolean NOT NULL DEFAULT false,
  residency_rule text CHECK (residency_rule IN ('HI')),
  sort_order integer NOT NULL DEFAULT 0,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pass_products_business_account_fkey FOREIGN KEY (tenant_id, business_account_id)
    REFERENCES business_accounts (tenant_id, id),
  CONSTRAINT pass_products_billing_check CHECK ((billing_type = 'ONE TIME') = (billing_period = 'NONE')),
  CONSTRAINT pass_products_active_vehicles_check CHECK (max_active_vehicles_per_permit <= max_vehicles_per_permit),
  CONSTRAINT pass_products_preset_dates_check CHECK (
    time_selection_type <> 2
    OR (chosen_date IS NOT NULL AND chosen_end_date IS NOT NULL AND chosen_end_date > chosen_date)
  )
);
CREATE UNIQUE INDEX pass_products_tenant_id_key ON pass_products (tenant_id, id);
-- Fixture documents and operators name a product by its name within the tenant.
CREATE UNIQUE INDEX pass_products_tenant_name_key ON pass_products (tenant_id, lower(name));
CREATE INDEX pass_products_tenant_catalogue_idx ON pass_products (tenant_id, sort_order, name) WHERE archived_at IS NULL;
CREATE INDEX pass_products_tenant_business_idx ON pass_products (tenant_id, business_account_id) WHERE business_account_id IS NOT NULL;

CREATE TABLE pass_product_form_fields (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL,
  product_id uuid NOT NULL,
  position integer NOT NULL CHECK (position >= 0),
  label text NOT NULL CHECK (length(btrim(label)) BETWEEN 1 AND 200),
  value text NOT NULL DEFAULT '',
  CONSTRAINT pass_product_form_fields_product_fkey FOREIGN KEY (tenant_id, product_id)
    REFERENCES pass_products (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX pass_product_form_fields_order_key ON pass_product_form_fields (tenant_id, product_id, position);

CREATE TABLE pass_product_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL,
  product_id uuid NOT NULL,
  position integer NOT NULL CHECK (position >= 0),
  url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
  CONSTRAINT pass_product_images_product_fkey FOREIGN KEY (tenant_id, product_id)
    REFERENCES pass_products (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX pass_product_images_order_key ON pass_product_images (tenant_id, product_id, position);

-- One row per product that has rules; every rule is optional (null: no such rule).
CREATE TABLE pass_product_rules (
  product_id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL,
  sales_start timestamptz,
  sales_end timestamptz,
  weekdays smallint[] CHECK (weekdays <@ ARRAY[1, 2, 3, 4, 5, 6, 7]::smallint[] AND cardinality(weekdays) BETWEEN 1 AND 7),
  hours_from text CHECK (hours_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  hours_to text CHECK (hours_to ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$'),
  blackout_dates date[] NOT NULL DEFAULT '{}'::date[],
  quota_count integer CHECK (quota_count > 0),
  quota_period text CHECK (quota_period IN ('MINUTE', 'HOUR', 'DAY', 'MONTH', 'YEAR')),
  quota_period_length integer CHECK (quota_period_length > 0),
  quota_per text CHECK (quota_per IN ('customer', 'plate')),
  quota_measure text CHECK (quota_measure IN ('passes', 'hours')),
  CONSTRAINT pass_product_rules_product_fkey FOREIGN KEY (tenant_id, product_id)
    REFERENCES pass_products (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT pass_product_rules_sales_check CHECK (sales_end IS NULL OR sales_start IS NULL OR sales_end > sales_start),
  CONSTRAINT pass_product_rules_hours_check CHECK ((hours_from IS NULL) = (hours_to IS NULL)),
  CONSTRAINT pass_product_rules_quota_check CHECK (
    (quota_count IS NULL AND quota_period IS NULL AND quota_period_length IS NULL AND quota_per IS NULL AND quota_measure IS NULL)
    OR (quota_count IS NOT NULL AND quota_period IS NOT NULL AND quota_period_length IS NOT NULL AND quota_per IS NOT NULL AND quota_measure IS NOT NULL)
  )
);
CREATE INDEX pass_product_rules_tenant_idx ON pass_product_rules (tenant_id, product_id);

CREATE TABLE issued_passes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  customer_permit_id text NOT NULL,
  product_id uuid NOT NULL,
  customer_id uuid,
  business_account_id uuid,
  paid_status text NOT NULL CHECK (paid_status IN ('paid', 'waiting', 'rejected', 'expired', 'incomplete', 'canceled')),
  issued_on timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  amount integer NOT NULL CHECK (amount >= 0),
  currency text NOT NULL DEFAULT 'usd' CHECK (currency ~ '^[a-z]{3}$'),
  customer_name text,
  customer_email text,
  custom_form_fields jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(custom_form_fields) = 'array'),
  reserved_until timestamptz,
  approval_message text,
  decided_by_customer_id uuid,
  decided_by_operator_id uuid REFERENCES operators(id) ON DELETE SET NULL,
  decided_at timestamptz,
  subscription_ref text,
  receipt_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT issued_passes_product_fkey FOREIGN KEY (tenant_id, product_id) REFERENCES pass_products (tenant_id, id),
  CONSTRAINT issued_passes_customer_fkey FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE SET NULL (customer_id),
  CONSTRAINT issued_passes_business_account_fkey FOREIGN KEY (tenant_id, business_account_id)
    REFERENCES business_accounts (tenant_id, id),
  CONSTRAINT issued_passes_decided_by_customer_fkey FOREIGN KEY (tenant_id, decided_by_customer_id)
    REFERENCES customers (tenant_id, id) ON DELETE SET NULL (decided_by_customer_id),
  CONSTRAINT issued_passes_period_check CHECK (expires_at > issued_on),
  CONSTRAINT issued_passes_decider_check CHECK (decided_by_customer_id IS NULL OR decided_by_operator_id IS NULL),
  -- Only an unpaid pass holds a place it has not paid for.
  CONSTRAINT issued_passes_reservation_check CHECK (reserved_until IS NULL OR paid_status = 'incomplete')
);
-- Public pass numbers (customerPermitId): short, never reused, unique across the platform.
CREATE SEQUENCE issued_passes_public_id_seq START WITH 100001;
ALTER TABLE issued_passes ALTER COLUMN customer_permit_id SET DEFAULT nextval('issued_passes_public_id_seq')::text;
CREATE UNIQUE INDEX issued_passes_tenant_public_id_key ON issued_passes (tenant_id, customer_permit_id);
CREATE UNIQUE INDEX issued_passes_tenant_id_key ON issued_passes (tenant_id, id);
CREATE INDEX issued_passes_tenant_customer_idx ON issued_passes (tenant_id, customer_id, issued_on DESC) WHERE customer_id IS NOT NULL;
CREATE INDEX issued_passes_tenant_business_idx ON issued_passes (tenant_id, business_account_id, issued_on DESC) WHERE business_account_id IS NOT NULL;
-- Capacity counting and the approval queue: passes of a product by status.
CREATE INDEX issued_passes_tenant_product_status_idx ON issued_passes (tenant_id, product_id, paid_status, expires_at);
CREATE INDEX issued_passes_tenant_status_idx ON issued_passes (tenant_id, paid_status, created_at);
-- The sweep that releases unpaid reservations.
CREATE INDEX issued_passes_reservation_idx ON issued_passes (reserved_until) WHERE reserved_until IS NOT NULL;

-- The permit holder of a pass (section 3 plus the square type's contact fields), one per pass.
CREATE TABLE permit_holders (
  pass_id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL,
  name text,
  email text,
  label text,
  lot_name text,
  address1 text,
  address2 text,
  city text,
  state text,
  zip text,
  country text,
  phone_number text,
  building_business text,
  emergency_name text,
  emergency_number text,
  emergency_email text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT permit_holders_pass_fkey FOREIGN KEY (tenant_id, pass_id) REFERENCES issued_passes (tenant_id, id) ON DELETE CASCADE
);

-- A customer's saved vehicles (the vehicles screen and the checkout's picker).
CREATE TABLE customer_vehicles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL,
  customer_id uuid NOT NULL,
  plate text NOT NULL CHECK (length(plate) BETWEEN 1 AND 16),
  plate_normalized text GENERATED ALWAYS AS (upper(regexp_replace(plate, '\s', '', 'g'))) STORED,
  state text,
  make text,
  model text,
  color text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT customer_vehicles_customer_fkey FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX customer_vehicles_tenant_customer_plate_key ON customer_vehicles (tenant_id, customer_id, plate_normalized);
CREATE UNIQUE INDEX customer_vehicles_tenant_id_key ON customer_vehicles (tenant_id, id);

-- The vehicles of a pass: one primary (an empty plate means 'Needs input') and secondaries.
CREATE TABLE pass_vehicles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL,
  pass_id uuid NOT NULL,
  customer_vehicle_id uuid,
  plate text NOT NULL DEFAULT '' CHECK (length(plate) <= 16),
  plate_normalized text GENERATED ALWAYS AS (upper(regexp_replace(plate, '\s', '', 'g'))) STORED,
  state text,
  make text,
  model text,
  color text,
  is_primary boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pass_vehicles_pass_fkey FOREIGN KEY (tenant_id, pass_id) REFERENCES issued_passes (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT pass_vehicles_customer_vehicle_fkey FOREIGN KEY (tenant_id, customer_vehicle_id)
    REFERENCES customer_vehicles (tenant_id, id) ON DELETE SET NULL (customer_vehicle_id)
);
CREATE UNIQUE INDEX pass_vehicles_one_primary_key ON pass_vehicles (pass_id) WHERE is_primary;
CREATE INDEX pass_vehicles_tenant_pass_idx ON pass_vehicles (tenant_id, pass_id);
-- The patrol's plate check: active vehicles by normalised plate.
CREATE INDEX pass_vehicles_tenant_active_plate_idx ON pass_vehicles (tenant_id, plate_normalized, pass_id) WHERE is_active AND plate_normalized <> '';

-- Registration proofs: uploaded files attached to a pass.
CREATE TABLE pass_registration_proofs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL,
  pass_id uuid NOT NULL,
  upload_id uuid REFERENCES uploads(id) ON DELETE SET NULL,
  file_url text NOT NULL CHECK (length(file_url) BETWEEN 1 AND 2000),
  position integer NOT NULL CHECK (position >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pass_registration_proofs_pass_fkey FOREIGN KEY (tenant_id, pass_id) REFERENCES issued_passes (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX pass_registration_proofs_order_key ON pass_registration_proofs (tenant_id, pass_id, position);
CREATE UNIQUE INDEX pass_registration_proofs_upload_key ON pass_registration_proofs (upload_id) WHERE upload_id IS NOT NULL;

-- Access codes: each admits one issue of its product, consumed in the issuing transaction.
CREATE TABLE pass_access_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL,
  product_id uuid NOT NULL,
  code text NOT NULL CHECK (code ~ '^[A-Z0-9-]{1,64}$'),
  used_at timestamptz,
  used_by_pass_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pass_access_codes_product_fkey FOREIGN KEY (tenant_id, product_id) REFERENCES pass_products (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT pass_access_codes_pass_fkey FOREIGN KEY (tenant_id, used_by_pass_id)
    REFERENCES issued_passes (tenant_id, id) ON DELETE SET NULL (used_by_pass_id),
  CONSTRAINT pass_access_codes_used_check CHECK (used_by_pass_id IS NULL OR used_at IS NOT NULL)
);
-- A code names its product (GET .../permitcode/{code} answers permitProductUUID): unique per tenant.
CREATE UNIQUE INDEX pass_access_codes_tenant_code_key ON pass_access_codes (tenant_id, code);
CREATE INDEX pass_access_codes_tenant_product_idx ON pass_access_codes (tenant_id, product_id) WHERE used_at IS NULL;

-- Email verification before checkout of an isEmailVerify product: hashed, single use, expiring.
CREATE TABLE pass_email_verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL,
  product_id uuid NOT NULL,
  customer_id uuid,
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pass_email_verifications_product_fkey FOREIGN KEY (tenant_id, product_id) REFERENCES pass_products (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT pass_email_verifications_customer_fkey FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT pass_email_verifications_period_check CHECK (expires_at > created_at)
);
CREATE INDEX pass_email_verifications_tenant_email_idx ON pass_email_verifications (tenant_id, product_id, lower(email), created_at DESC);
