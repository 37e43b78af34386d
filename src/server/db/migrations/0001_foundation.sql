-- Tenants (brand details), violation codes, notices, appeals and customer accounts.
CREATE TABLE tenants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subdomain text NOT NULL UNIQUE CHECK (subdomain ~ '^[a-z0-9-]{1,63}$'),
  brand_title text NOT NULL,
  brand_color text NOT NULL DEFAULT '000000' CHECK (brand_color ~ '^[0-9A-Fa-f]{6}$'),
  logo_url text,
  logo_version integer,
  header1 text,
  header2 text,
  contact_email text,
  contact_number text,
  is_citation_only boolean NOT NULL DEFAULT false,
  is_permit_only boolean NOT NULL DEFAULT false,
  is_private boolean NOT NULL DEFAULT false,
  is_login_only boolean NOT NULL DEFAULT false,
  is_violation_and_not_notice boolean NOT NULL DEFAULT false,
  is_permit_code_needed boolean NOT NULL DEFAULT false,
  max_permit_count_per_customer integer CHECK (max_permit_count_per_customer >= 0),
  timezone text NOT NULL DEFAULT 'America/New_York',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE citation_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text
);
CREATE UNIQUE INDEX citation_codes_tenant_name_key ON citation_codes (tenant_id, name);

CREATE TABLE citations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  citation_number text NOT NULL,
  plate text NOT NULL,
  state_prov text,
  created_on timestamptz NOT NULL,
  date_paid timestamptz,
  void_date timestamptz,
  payment_status text NOT NULL DEFAULT 'Open' CHECK (payment_status IN
    ('Paid off platform', 'Paid', 'Open', 'Archived', 'Past due', 'Void', 'Uncollectable', 'Reopen')),
  amount integer NOT NULL CHECK (amount >= 0),
  amount_override integer CHECK (amount_override >= 0),
  paid_total integer CHECK (paid_total >= 0),
  late_amount1 integer CHECK (late_amount1 >= 0),
  late_days1 integer CHECK (late_days1 >= 0),
  late_amount2 integer CHECK (late_amount2 >= 0),
  late_days2 integer CHECK (late_days2 >= 0),
  citation_code_id uuid REFERENCES citation_codes(id),
  location text,
  image_urls text[] NOT NULL DEFAULT '{}'::text[],
  receipt_url text,
  make text,
  color text,
  comments text
);
CREATE UNIQUE INDEX citations_tenant_number_key ON citations (tenant_id, citation_number);
CREATE INDEX citations_tenant_plate_idx ON citations (tenant_id, plate);

CREATE TABLE appeals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  citation_id uuid NOT NULL REFERENCES citations(id) ON DELETE CASCADE,
  name text NOT NULL,
  email text NOT NULL,
  phone_number text NOT NULL,
  address text NOT NULL,
  reason text NOT NULL,
  image_urls text[] NOT NULL DEFAULT '{}'::text[],
  is_pending boolean NOT NULL DEFAULT true,
  is_approved boolean,
  status text,
  submission_date timestamptz NOT NULL DEFAULT now(),
  response_date timestamptz
);
CREATE UNIQUE INDEX appeals_citation_key ON appeals (citation_id);

CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  customer_public_id text NOT NULL,
  signup_code text,
  fullname text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  building text,
  unit text,
  customer_entity_name text,
  is_guest_codes_active boolean NOT NULL DEFAULT false,
  guest_code text,
  email_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX customers_tenant_email_key ON customers (tenant_id, lower(email));
CREATE UNIQUE INDEX customers_tenant_public_id_key ON customers (tenant_id, customer_public_id);
