-- Accounts for part 2: password-less (guest and invited) customers, business accounts as an
-- entity, operator roles, and the tenant's unpaid-reservation setting (docs/decisions/091).
--> statement-breakpoint
ALTER TABLE customers ALTER COLUMN password_hash DROP NOT NULL
--> statement-breakpoint
ALTER TABLE customers ADD COLUMN created_via text NOT NULL DEFAULT 'signup'
  CHECK (created_via IN ('signup', 'guest', 'invited'))
--> statement-breakpoint
-- Only a guest or an invited account may lack a password; one made at sign-up always has one.
ALTER TABLE customers ADD CONSTRAINT customers_signup_has_password
  CHECK (created_via <> 'signup' OR password_hash IS NOT NULL)
--> statement-breakpoint
CREATE TABLE business_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now()
)
--> statement-breakpoint
CREATE UNIQUE INDEX business_accounts_tenant_name_key ON business_accounts (tenant_id, lower(name))
--> statement-breakpoint
-- The tenant id rides along so a customer can only join a business account of its own tenant.
CREATE UNIQUE INDEX business_accounts_tenant_id_key ON business_accounts (tenant_id, id)
--> statement-breakpoint
ALTER TABLE customers ADD COLUMN business_account_id uuid
--> statement-breakpoint
ALTER TABLE customers ADD CONSTRAINT customers_business_account_fkey
  FOREIGN KEY (tenant_id, business_account_id) REFERENCES business_accounts (tenant_id, id)
--> statement-breakpoint
CREATE INDEX customers_tenant_business_account_idx ON customers (tenant_id, business_account_id)
  WHERE business_account_id IS NOT NULL
--> statement-breakpoint
-- Existing business customers (marked by customer_entity_name) become members of an entity.
INSERT INTO business_accounts (tenant_id, name)
  SELECT DISTINCT ON (tenant_id, lower(btrim(customer_entity_name))) tenant_id, btrim(customer_entity_name)
  FROM customers
  WHERE customer_entity_name IS NOT NULL AND btrim(customer_entity_name) <> ''
  ORDER BY tenant_id, lower(btrim(customer_entity_name)), created_at
--> statement-breakpoint
UPDATE customers SET business_account_id = business_accounts.id
  FROM business_accounts
  WHERE business_accounts.tenant_id = customers.tenant_id
    AND lower(business_accounts.name) = lower(btrim(customers.customer_entity_name))
--> statement-breakpoint
-- customer_entity_name stays as a read-only copy of the business account's name, kept by the
-- database, so every reader of a customer row presents customerEntityName without a join.
CREATE FUNCTION customers_copy_business_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.business_account_id IS NULL THEN
    NEW.customer_entity_name := NULL;
  ELSE
    SELECT name INTO NEW.customer_entity_name FROM business_accounts WHERE id = NEW.business_account_id;
  END IF;
  RETURN NEW;
END
$$
--> statement-breakpoint
CREATE TRIGGER customers_copy_business_name
  BEFORE INSERT OR UPDATE OF business_account_id, customer_entity_name ON customers
  FOR EACH ROW EXECUTE FUNCTION customers_copy_business_name()
--> statement-breakpoint
CREATE FUNCTION business_accounts_rename_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers SET customer_entity_name = NEW.name WHERE business_account_id = NEW.id;
  RETURN NEW;
END
$$
--> statement-breakpoint
CREATE TRIGGER business_accounts_rename_members
  AFTER UPDATE OF name ON business_accounts
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION business_accounts_rename_members()
--> statement-breakpoint
UPDATE customers SET customer_entity_name = customer_entity_name WHERE customer_entity_name IS NOT NULL
--> statement-breakpoint
ALTER TABLE operators ADD COLUMN role text NOT NULL DEFAULT 'tenant_admin'
  CHECK (role IN ('tenant_admin', 'staff', 'enforcement'))
--> statement-breakpoint
-- How long an unpaid (incomplete) pass holds its place against a product's capacity.
ALTER TABLE tenants ADD COLUMN unpaid_reservation_minutes integer NOT NULL DEFAULT 30
  CHECK (unpaid_reservation_minutes BETWEEN 1 AND 1440)
