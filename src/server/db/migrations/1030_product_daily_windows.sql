-- A product sold for a time of day (the overnight pass, 6 pm to 8 am): local 'HH:mm' in the
-- tenant's zone; a `window_to` at or before `window_from` crosses midnight (issue 27).
ALTER TABLE pass_product_rules ADD COLUMN window_from text;
ALTER TABLE pass_product_rules ADD COLUMN window_to text;
ALTER TABLE pass_product_rules ADD CONSTRAINT pass_product_rules_window_check CHECK (
  (window_from IS NULL AND window_to IS NULL)
  OR (
    window_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
    AND window_to ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
    AND window_from <> window_to
  )
);
