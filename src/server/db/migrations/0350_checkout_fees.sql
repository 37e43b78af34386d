-- Per-tenant fees on notice payments: a card processing fee (basis points of the amount due plus
-- fixed cents) and a platform service fee (fixed cents). All default to none.
ALTER TABLE tenants ADD COLUMN processing_fee_basis_points integer NOT NULL DEFAULT 0
  CHECK (processing_fee_basis_points BETWEEN 0 AND 2000);
ALTER TABLE tenants ADD COLUMN processing_fee_fixed_cents integer NOT NULL DEFAULT 0
  CHECK (processing_fee_fixed_cents BETWEEN 0 AND 100000);
ALTER TABLE tenants ADD COLUMN service_fee_cents integer NOT NULL DEFAULT 0
  CHECK (service_fee_cents BETWEEN 0 AND 100000);
-- A checkout's fee lines; `amount` stays the total charged, so the subject's own line is
-- amount - processing_fee - service_fee.
ALTER TABLE payment_sessions ADD COLUMN processing_fee integer NOT NULL DEFAULT 0 CHECK (processing_fee >= 0);
ALTER TABLE payment_sessions ADD COLUMN service_fee integer NOT NULL DEFAULT 0 CHECK (service_fee >= 0);
ALTER TABLE payment_sessions ADD CONSTRAINT payment_sessions_fees_below_amount
  CHECK (processing_fee + service_fee < amount);
