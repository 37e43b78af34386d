-- Notices written in the console take photos through the storage port (issue 33): a purpose of
-- their own, attached only by an operator's notice (as product pictures are by a product change).
ALTER TABLE uploads DROP CONSTRAINT uploads_purpose_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check
  CHECK (purpose IN ('appeal-photo', 'pass-proof', 'patrol-photo', 'brand-logo', 'product-image', 'notice-photo'));
