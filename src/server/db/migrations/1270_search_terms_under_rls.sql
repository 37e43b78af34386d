-- The console's customer and pass searches read by index under row-level security (decision 238).
-- The app's queries run as portal_app, where only leakproof operators on plain columns may become
-- index conditions ahead of the tenant policy: lower(), LIKE and @@ are not leakproof, so the
-- searches of 0841/0850 read every customer or pass of the tenant. Each record's searchable
-- beginnings are kept, already lower-cased, in a table of their own by a trigger; a search is
-- `term ^@ $1` (starts_with, leakproof) on its text_pattern_ops index, then the records by id.
--
-- Customers: the email, the name, and the name from each later word on ('ana smith jones' gives
-- 'smith jones' and 'jones'): a prefix of one of them is exactly what the LIKE 'q%' / '% q%'
-- search matched.
CREATE FUNCTION customer_search_terms_of(fullname text, email text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(term, 200)
  FROM (
    SELECT lower(email)
    UNION ALL
    SELECT substr(name.lowered, position)
    FROM (SELECT lower(fullname) AS lowered) AS name
    CROSS JOIN generate_series(1, length(name.lowered)) AS position
    WHERE position = 1 OR substr(name.lowered, position - 1, 1) = ' '
  ) AS terms(term)
  WHERE term <> ''
$$
--> statement-breakpoint
CREATE TABLE customer_search_terms (
  tenant_id uuid NOT NULL,
  customer_id uuid NOT NULL,
  term text NOT NULL,
  PRIMARY KEY (customer_id, term),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE CASCADE
)
--> statement-breakpoint
CREATE INDEX customer_search_terms_prefix_idx ON customer_search_terms (tenant_id, term text_pattern_ops)
--> statement-breakpoint
CREATE FUNCTION customers_keep_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.fullname IS NOT DISTINCT FROM OLD.fullname AND NEW.email IS NOT DISTINCT FROM OLD.email THEN
      RETURN NULL;
    END IF;
    DELETE FROM customer_search_terms WHERE customer_id = OLD.id;
  END IF;
  INSERT INTO customer_search_terms (tenant_id, customer_id, term)
  SELECT NEW.tenant_id, NEW.id, term FROM customer_search_terms_of(NEW.fullname, NEW.email) AS term;
  RETURN NULL;
END
$$
--> statement-breakpoint
CREATE TRIGGER customers_keep_search_terms
  AFTER INSERT OR UPDATE OF fullname, email ON customers
  FOR EACH ROW EXECUTE FUNCTION customers_keep_search_terms()
--> statement-breakpoint
INSERT INTO customer_search_terms (tenant_id, customer_id, term)
SELECT c.tenant_id, c.id, term FROM customers c CROSS JOIN customer_search_terms_of(c.fullname, c.email) AS term
--> statement-breakpoint
DROP INDEX customers_tenant_name_prefix_idx
--> statement-breakpoint
DROP INDEX customers_tenant_email_prefix_idx
--> statement-breakpoint
-- Passes: the holder's email ('email') and each word of the holder's name ('name'), split where
-- the search splits the words typed (anything but a letter or a digit); every word typed must
-- begin a word of the name, as the 'dana:* & smi:*' text search did.
CREATE FUNCTION pass_search_terms_of(name text, email text) RETURNS TABLE (kind text, term text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT terms.kind, left(terms.term, 200)
  FROM (
    SELECT 'email', lower(email)
    UNION ALL
    SELECT 'name', word FROM regexp_split_to_table(lower(coalesce(name, '')), '[^[:alnum:]]+') AS word
  ) AS terms(kind, term)
  WHERE terms.term <> ''
$$
--> statement-breakpoint
CREATE TABLE pass_search_terms (
  tenant_id uuid NOT NULL,
  pass_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('email', 'name')),
  term text NOT NULL,
  PRIMARY KEY (pass_id, kind, term),
  FOREIGN KEY (tenant_id, pass_id) REFERENCES issued_passes (tenant_id, id) ON DELETE CASCADE
)
--> statement-breakpoint
CREATE INDEX pass_search_terms_prefix_idx ON pass_search_terms (tenant_id, kind, term text_pattern_ops)
--> statement-breakpoint
CREATE FUNCTION issued_passes_keep_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.customer_name IS NOT DISTINCT FROM OLD.customer_name
       AND NEW.customer_email IS NOT DISTINCT FROM OLD.customer_email THEN
      RETURN NULL;
    END IF;
    DELETE FROM pass_search_terms WHERE pass_id = OLD.id;
  END IF;
  INSERT INTO pass_search_terms (tenant_id, pass_id, kind, term)
  SELECT NEW.tenant_id, NEW.id, t.kind, t.term FROM pass_search_terms_of(NEW.customer_name, NEW.customer_email) AS t;
  RETURN NULL;
END
$$
--> statement-breakpoint
CREATE TRIGGER issued_passes_keep_search_terms
  AFTER INSERT OR UPDATE OF customer_name, customer_email ON issued_passes
  FOR EACH ROW EXECUTE FUNCTION issued_passes_keep_search_terms()
--> statement-breakpoint
INSERT INTO pass_search_terms (tenant_id, pass_id, kind, term)
SELECT p.tenant_id, p.id, t.kind, t.term
FROM issued_passes p CROSS JOIN pass_search_terms_of(p.customer_name, p.customer_email) AS t
--> statement-breakpoint
DROP INDEX issued_passes_name_search_idx
--> statement-breakpoint
DROP INDEX issued_passes_tenant_email_search_idx
