-- Issue 10 (docs/decisions/141): the public proof of coverage of a pass and the expiry reminders.
-- A pass's proof has its own random uuid: the QR code on the receipt page is meant to be shown to
-- an officer, so it must not carry the pass's uuid, which lets its holder edit and cancel it.
CREATE TABLE pass_proofs (
  pass_id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL,
  proof_id uuid NOT NULL DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pass_proofs_pass_fkey FOREIGN KEY (tenant_id, pass_id)
    REFERENCES issued_passes (tenant_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE UNIQUE INDEX pass_proofs_proof_id_key ON pass_proofs (proof_id);
--> statement-breakpoint
-- One row per reminder sent: the primary key is what makes each reminder go out once, however
-- many server processes sweep at the same time. A renewed pass (new expires_at) is reminded again.
CREATE TABLE pass_expiry_reminders (
  pass_id uuid NOT NULL,
  tenant_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  days_before integer NOT NULL CHECK (days_before IN (1, 7, 30)),
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (pass_id, expires_at, days_before),
  CONSTRAINT pass_expiry_reminders_pass_fkey FOREIGN KEY (tenant_id, pass_id)
    REFERENCES issued_passes (tenant_id, id) ON DELETE CASCADE
);
