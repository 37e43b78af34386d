-- An extension whose payment an operator gives back in full is undone (issue 31, decision 243):
-- 'refunded', with when, and the pass ends where it did before the extension.
ALTER TABLE pass_extensions DROP CONSTRAINT pass_extensions_status_check;
--> statement-breakpoint
ALTER TABLE pass_extensions ADD CONSTRAINT pass_extensions_status_check
  CHECK (status IN ('pending', 'paid', 'refused', 'refunded'));
--> statement-breakpoint
ALTER TABLE pass_extensions ADD COLUMN refunded_at timestamptz;
