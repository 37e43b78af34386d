-- An approved appeal says what it did to the notice (issue 33): 'voided' (nothing left to pay, the
-- default) or 'reduced' (the amount in force set to reduced_amount in the same transaction); a
-- denied appeal is 'denied'. Appeals answered before this change keep a null outcome.
ALTER TABLE appeals ADD COLUMN outcome text;
ALTER TABLE appeals ADD COLUMN reduced_amount integer;
ALTER TABLE appeals ADD CONSTRAINT appeals_outcome_check
  CHECK (outcome IS NULL OR outcome IN ('voided', 'reduced', 'denied'));
ALTER TABLE appeals ADD CONSTRAINT appeals_reduced_amount_check
  CHECK ((outcome = 'reduced') = (reduced_amount IS NOT NULL) AND (reduced_amount IS NULL OR reduced_amount > 0));
