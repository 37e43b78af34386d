-- Guest quotas per household and the tenant's default (issue 31, decision 249).
-- A household is the accounts of one unit: the customer's building and unit, compared without
-- case, spaces or punctuation, and without a leading "Apt", "Apartment", "Unit", "Suite" or "Ste"
-- ("Tower A" / "Apt. 1204" and "tower a" / "#1204" are one home). No unit: no household.
ALTER TABLE customers ADD COLUMN household_key text GENERATED ALWAYS AS (
  lower(regexp_replace(coalesce(building, ''), '[^[:alnum:]]', '', 'g')) || '/' || nullif(
    lower(regexp_replace(
      regexp_replace(coalesce(unit, ''), '^[^[:alnum:]]*(apartment|apt|unit|suite|ste)\M', '', 'i'),
      '[^[:alnum:]]', '', 'g')),
    '')
) STORED;
--> statement-breakpoint
CREATE INDEX customers_tenant_household_idx ON customers (tenant_id, household_key)
  WHERE household_key IS NOT NULL;
--> statement-breakpoint
-- A product's quota may count per household ('unit') besides per account and per plate.
ALTER TABLE pass_product_rules DROP CONSTRAINT pass_product_rules_quota_per_check;
--> statement-breakpoint
ALTER TABLE pass_product_rules ADD CONSTRAINT pass_product_rules_quota_per_check
  CHECK (quota_per IN ('customer', 'plate', 'unit'));
--> statement-breakpoint
-- The tenant's guest quota: what its visitor products without a quota of their own allow, per
-- account or per household, over a rolling window of days (all four set, or none).
ALTER TABLE tenants
  ADD COLUMN guest_quota_count integer CHECK (guest_quota_count BETWEEN 1 AND 100000),
  ADD COLUMN guest_quota_measure text CHECK (guest_quota_measure IN ('passes', 'hours')),
  ADD COLUMN guest_quota_per_days integer CHECK (guest_quota_per_days BETWEEN 1 AND 1000),
  ADD COLUMN guest_quota_per text CHECK (guest_quota_per IN ('customer', 'unit')),
  ADD CONSTRAINT tenants_guest_quota_check CHECK (
    (guest_quota_count IS NULL AND guest_quota_measure IS NULL AND guest_quota_per_days IS NULL AND guest_quota_per IS NULL)
    OR (guest_quota_count IS NOT NULL AND guest_quota_measure IS NOT NULL AND guest_quota_per_days IS NOT NULL AND guest_quota_per IS NOT NULL)
  );
