-- Three languages (issue 30, decision 207). A tenant offers English, French and Spanish unless it
-- turns some off, and picks its default (English unless set); a customer and an operator may save
-- the language they read, which their emails and their screens then use.
ALTER TABLE tenants ADD COLUMN languages text[] NOT NULL DEFAULT ARRAY['en', 'fr', 'es']::text[];
ALTER TABLE tenants ADD COLUMN default_language text NOT NULL DEFAULT 'en';
ALTER TABLE tenants ADD CONSTRAINT tenants_languages_known
  CHECK (cardinality(languages) > 0 AND languages <@ ARRAY['en', 'fr', 'es']::text[]);
ALTER TABLE tenants ADD CONSTRAINT tenants_default_language_offered
  CHECK (default_language = ANY (languages));
ALTER TABLE customers ADD COLUMN language text;
ALTER TABLE customers ADD CONSTRAINT customers_language_known CHECK (language IN ('en', 'fr', 'es'));
ALTER TABLE operators ADD COLUMN language text;
ALTER TABLE operators ADD CONSTRAINT operators_language_known CHECK (language IN ('en', 'fr', 'es'));
