-- Guest quotas per household and short-pass reminders (issue 31, decision 223).
-- An operator's one-time override of a product's quota for one account: the next pass of that
-- account past the cap takes it (used_at, used_by_pass_id), once.
CREATE TABLE pass_quota_overrides (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  product_id uuid NOT NULL,
  customer_id uuid NOT NULL,
  reason text,
  granted_by_operator_id uuid REFERENCES operators(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by_pass_id uuid REFERENCES issued_passes (id) ON DELETE SET NULL,
  CONSTRAINT pass_quota_overrides_product_fkey FOREIGN KEY (tenant_id, product_id)
    REFERENCES pass_products (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT pass_quota_overrides_customer_fkey FOREIGN KEY (tenant_id, customer_id)
    REFERENCES customers (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT pass_quota_overrides_used_check CHECK (used_by_pass_id IS NULL OR used_at IS NOT NULL)
);
--> statement-breakpoint
-- One unused override per account and product: a second grant before the first is used is refused.
CREATE UNIQUE INDEX pass_quota_overrides_unused_key ON pass_quota_overrides (tenant_id, product_id, customer_id)
  WHERE used_at IS NULL;
--> statement-breakpoint
-- A pass of a day or less is reminded this many minutes before it ends (null: never).
ALTER TABLE pass_products ADD COLUMN short_reminder_minutes integer DEFAULT 15;
--> statement-breakpoint
ALTER TABLE pass_products ADD CONSTRAINT pass_products_short_reminder_minutes_check
  CHECK (short_reminder_minutes BETWEEN 1 AND 720);
--> statement-breakpoint
-- The short-pass reminder is claimed as the 30/7/1-day ones are, with days_before 0.
ALTER TABLE pass_expiry_reminders DROP CONSTRAINT pass_expiry_reminders_days_before_check;
--> statement-breakpoint
ALTER TABLE pass_expiry_reminders ADD CONSTRAINT pass_expiry_reminders_days_before_check
  CHECK (days_before IN (0, 1, 7, 30));
