-- Repeat offenders (issue 31, docs/enforcement.md, decision 213): a plate with at least this many
-- unpaid notices, or with any notice unpaid for more than this many tenant-local days, is a repeat
-- offender. Null: that test is off; both null: the tenant does not flag repeat offenders.
ALTER TABLE tenants
  ADD COLUMN repeat_offender_notice_count integer
    CHECK (repeat_offender_notice_count BETWEEN 1 AND 1000),
  ADD COLUMN repeat_offender_overdue_days integer
    CHECK (repeat_offender_overdue_days BETWEEN 1 AND 3650);
--> statement-breakpoint
-- The console's list groups a tenant's unpaid notices by plate: the notices neither paid, void nor
-- archived, by tenant and plate, with their issue time for the oldest.
CREATE INDEX citations_tenant_unpaid_plate_idx ON citations (tenant_id, plate, created_on)
  WHERE date_paid IS NULL AND void_date IS NULL
    AND payment_status NOT IN ('Paid', 'Paid off platform', 'Archived', 'Void');
