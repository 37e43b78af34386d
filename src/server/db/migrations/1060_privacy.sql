-- A person's data (issue 28, docs/privacy.md, decisions 187-189).
-- Retention: how long each tenant keeps scans, patrol photos, the photos of decided appeals and
-- unconfirmed guest data; the retention sweep deletes rows (and files, through the storage port)
-- older than these many days.
ALTER TABLE tenants
  ADD COLUMN scan_retention_days integer NOT NULL DEFAULT 365
    CHECK (scan_retention_days BETWEEN 1 AND 3650),
  ADD COLUMN patrol_photo_retention_days integer NOT NULL DEFAULT 90
    CHECK (patrol_photo_retention_days BETWEEN 1 AND 3650),
  ADD COLUMN closed_appeal_photo_retention_days integer NOT NULL DEFAULT 180
    CHECK (closed_appeal_photo_retention_days BETWEEN 1 AND 3650),
  ADD COLUMN unconfirmed_guest_retention_days integer NOT NULL DEFAULT 30
    CHECK (unconfirmed_guest_retention_days BETWEEN 1 AND 3650);
--> statement-breakpoint
-- When a customer closed their account (or an operator erased it on request): the row stays, with
-- its personal fields pseudonymised, because kept passes and payments point at it.
ALTER TABLE customers ADD COLUMN closed_at timestamptz;
--> statement-breakpoint
-- A closed account keeps no password (it can never sign in again), whatever its origin.
ALTER TABLE customers DROP CONSTRAINT customers_signup_has_password;
--> statement-breakpoint
ALTER TABLE customers ADD CONSTRAINT customers_signup_has_password
  CHECK (created_via <> 'signup' OR password_hash IS NOT NULL OR closed_at IS NOT NULL);
--> statement-breakpoint
-- An email queued to a person who is being erased (their confirmation): once delivered, or given
-- up, the row is deleted, so the address does not outlive the message.
ALTER TABLE email_outbox ADD COLUMN is_erased_after_delivery boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- The audit log stays append-only, with one exception: an erasure may replace the before and
-- after values of entries about the erased person (nothing else of the entry, and never delete
-- it). The erasure says so with a transaction-local setting.
CREATE OR REPLACE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND coalesce(current_setting('app.erasing_personal_data', true), '') = 'on'
    AND NEW.id = OLD.id AND NEW.tenant_id = OLD.tenant_id
    AND NEW.operator_id IS NOT DISTINCT FROM OLD.operator_id
    AND NEW.actor_label = OLD.actor_label AND NEW.action = OLD.action
    AND NEW.entity_type = OLD.entity_type AND NEW.entity_id = OLD.entity_id
    AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
