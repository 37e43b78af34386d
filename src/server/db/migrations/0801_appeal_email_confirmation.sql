-- An appeal counts (blocks another, reaches the operator) only once its email address is confirmed
-- through an emailed link. Until then `unconfirmed_until` holds when the link stops working; null
-- means confirmed (every appeal filed before this change, and fixture appeals, count as before).
-- The link's token, stored hashed, is also the capability to read the appeal's personal fields.
ALTER TABLE appeals ADD COLUMN unconfirmed_until timestamptz;
ALTER TABLE appeals ADD COLUMN confirmation_token_hash text;
CREATE UNIQUE INDEX appeals_confirmation_token_key ON appeals (confirmation_token_hash);
DROP INDEX appeals_citation_key;
CREATE UNIQUE INDEX appeals_citation_key ON appeals (citation_id) WHERE unconfirmed_until IS NULL;
CREATE INDEX appeals_unconfirmed_idx ON appeals (unconfirmed_until) WHERE unconfirmed_until IS NOT NULL;
