-- A business's invitation by email (issue 27, decision 216): the pass remembers that it was issued
-- by invitation (it is listed under the business's My visitors), and the emailed link is a
-- single-use token of purpose 'invitation' that names the pass it opens.
ALTER TABLE issued_passes ADD COLUMN invited_at timestamptz;
ALTER TABLE issued_passes ADD COLUMN invitation_accepted_at timestamptz;

ALTER TABLE customer_tokens DROP CONSTRAINT customer_tokens_purpose_check;
ALTER TABLE customer_tokens ADD CONSTRAINT customer_tokens_purpose_check
  CHECK (purpose IN ('password_reset', 'email_verification', 'invitation'));
ALTER TABLE customer_tokens ADD COLUMN pass_id uuid REFERENCES issued_passes (id) ON DELETE CASCADE;
ALTER TABLE customer_tokens ADD CONSTRAINT customer_tokens_pass_check
  CHECK ((purpose = 'invitation') = (pass_id IS NOT NULL));
