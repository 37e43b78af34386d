-- A customer's email, lower-cased, in a column of its own (decision 246). The app's queries run as
-- portal_app under row-level security, where a condition may be an index condition ahead of the
-- tenant policy only if its functions are leakproof on the column; lower() is not, so every
-- lookup of a customer by email (an email's language, sign-in, a guest's account) read all of the
-- tenant's customers through the (tenant_id, lower(email)) index's tenant prefix. `email_key = $1`
-- is a plain equality, read from the index. The unique index keeps its name and its meaning.
ALTER TABLE customers ADD COLUMN email_key text GENERATED ALWAYS AS (lower(email)) STORED;
--> statement-breakpoint
DROP INDEX customers_tenant_email_key;
--> statement-breakpoint
CREATE UNIQUE INDEX customers_tenant_email_key ON customers (tenant_id, email_key);
