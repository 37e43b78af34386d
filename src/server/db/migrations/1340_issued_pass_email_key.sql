-- A pass's email, lower-cased, in a column of its own, for the checkout's duplicate check
-- (decision 247's finding): the check ran as portal_app under row-level security, where
-- `lower(customer_email) = $1` cannot be an index condition (lower() is not leakproof), so every
-- checkout read all of the tenant's passes of the last minute, more the faster passes are issued.
-- `customer_email_key = $1` is a plain equality, read with the product and the time from one index.
ALTER TABLE issued_passes ADD COLUMN customer_email_key text GENERATED ALWAYS AS (lower(customer_email)) STORED;
--> statement-breakpoint
CREATE INDEX issued_passes_checkout_identity_idx ON issued_passes (tenant_id, product_id, customer_email_key, created_at);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION checkout_earlier_passes(
  identity_key text,
  for_tenant uuid,
  for_product uuid,
  for_email text,
  created_since timestamptz
) RETURNS TABLE (id uuid, paid_status text, issued_on timestamptz, plate text)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(identity_key, 0));
  RETURN QUERY
    SELECT p.id, p.paid_status, p.issued_on, v.plate
    FROM issued_passes p
    JOIN pass_vehicles v ON v.pass_id = p.id AND v.tenant_id = p.tenant_id AND v.is_primary
    WHERE p.tenant_id = for_tenant
      AND p.product_id = for_product
      AND p.customer_email_key = for_email
      AND p.created_at >= created_since
      AND p.paid_status IN ('paid', 'waiting', 'incomplete');
END
$$
--> statement-breakpoint
-- (The marker above keeps the function body's semicolons inside one statement: migrate.ts.)
