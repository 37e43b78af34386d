-- Evidence on an appeal's thread (issue 15): each message may carry up to four photos, uploaded
-- through the storage port like the appeal's own ('appeal-photo' uploads, attached on send).
ALTER TABLE appeal_messages ADD COLUMN image_urls text[] NOT NULL DEFAULT '{}' CHECK (cardinality(image_urls) <= 4);
