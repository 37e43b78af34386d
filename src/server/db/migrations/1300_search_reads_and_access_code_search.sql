-- Decision 245. The kept search terms' prefix indexes carry the record's id, so a search reads its
-- ids from the index alone (an index-only scan) instead of one heap page per matching term: at
-- 5,000 passes a tenant a broad name ('kowa') matches about 150 terms, each on its own page.
CREATE INDEX pass_search_terms_prefix_id_idx
  ON pass_search_terms (tenant_id, kind, term text_pattern_ops) INCLUDE (pass_id)
--> statement-breakpoint
DROP INDEX pass_search_terms_prefix_idx
--> statement-breakpoint
CREATE INDEX customer_search_terms_prefix_id_idx
  ON customer_search_terms (tenant_id, term text_pattern_ops) INCLUDE (customer_id)
--> statement-breakpoint
DROP INDEX customer_search_terms_prefix_idx
--> statement-breakpoint
-- The access codes list (issue 33): a product's codes newest first, a page at a time; the start
-- of a code within a product (`^@`, leakproof under row-level security); the codes a set of
-- passes used (a search by pass number, plate or holder). The last also serves the foreign key.
CREATE INDEX pass_access_codes_product_created_idx
  ON pass_access_codes (tenant_id, product_id, created_at DESC, code DESC)
--> statement-breakpoint
CREATE INDEX pass_access_codes_product_code_idx
  ON pass_access_codes (tenant_id, product_id, code text_pattern_ops)
--> statement-breakpoint
CREATE INDEX pass_access_codes_used_by_pass_idx
  ON pass_access_codes (tenant_id, used_by_pass_id) WHERE used_by_pass_id IS NOT NULL
