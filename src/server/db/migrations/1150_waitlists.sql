-- Waitlists for sold-out passes (issue 31, decision 210). A product may keep a waitlist; a freed
-- place is offered to the first person waiting, held for them for `waitlist_offer_hours`, and
-- counted against the capacity like a pass while the offer runs.
ALTER TABLE pass_products ADD COLUMN has_waitlist boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE pass_products ADD COLUMN waitlist_offer_hours integer NOT NULL DEFAULT 48;
--> statement-breakpoint
ALTER TABLE pass_products ADD CONSTRAINT pass_products_waitlist_offer_hours_check
  CHECK (waitlist_offer_hours BETWEEN 1 AND 720);
--> statement-breakpoint
CREATE TABLE pass_waitlist_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  product_id uuid NOT NULL,
  customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
  email text NOT NULL,
  -- The order of the line: smaller first, then joined_at.
  position integer NOT NULL,
  status text NOT NULL DEFAULT 'waiting',
  offer_token text,
  offered_at timestamptz,
  offer_expires_at timestamptz,
  pass_id uuid,
  joined_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT pass_waitlist_entries_product_fkey FOREIGN KEY (tenant_id, product_id)
    REFERENCES pass_products (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT pass_waitlist_entries_status_check
    CHECK (status IN ('waiting', 'offered', 'accepted', 'declined', 'expired', 'removed')),
  CONSTRAINT pass_waitlist_entries_offer_check
    CHECK (
      (status <> 'waiting' OR offer_token IS NULL)
      AND (status <> 'offered' OR (offer_token IS NOT NULL AND offer_expires_at IS NOT NULL))
    )
);
--> statement-breakpoint
-- A person is on a product's list once (while waiting or holding an offer).
CREATE UNIQUE INDEX pass_waitlist_entries_person_key ON pass_waitlist_entries (tenant_id, product_id, lower(email))
  WHERE status IN ('waiting', 'offered');
--> statement-breakpoint
CREATE UNIQUE INDEX pass_waitlist_entries_token_key ON pass_waitlist_entries (offer_token);
--> statement-breakpoint
CREATE UNIQUE INDEX pass_waitlist_entries_tenant_id_key ON pass_waitlist_entries (tenant_id, id);
--> statement-breakpoint
CREATE INDEX pass_waitlist_entries_line_idx ON pass_waitlist_entries (tenant_id, product_id, status, position, joined_at);
