-- The duplicate check of a checkout without an Idempotency-Key (decisions 176 and 247) in one
-- round trip: the advisory lock on the checkout's identity, then the passes that may be its
-- earlier self. Two statements of a VOLATILE function: under READ COMMITTED each takes its own
-- snapshot when it starts, so the read, taken after the lock was granted, sees the pass of the
-- identical checkout that held it. Runs as the caller (row-level security applies to the read).
CREATE FUNCTION checkout_earlier_passes(
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
      AND lower(p.customer_email) = for_email
      AND p.created_at >= created_since
      AND p.paid_status IN ('paid', 'waiting', 'incomplete');
END
$$
--> statement-breakpoint
-- (The marker above keeps the function body's semicolons inside one statement: migrate.ts.)
