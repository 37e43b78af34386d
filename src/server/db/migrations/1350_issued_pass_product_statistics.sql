-- The planner's knowledge that a product belongs to one tenant (decision 251's finding): with
-- the default statistics it takes tenant_id and product_id as independent, estimates a handful of
-- passes for a tenant's product, and counts a product's places by reading every pass it ever
-- sold through (tenant, product, ...) of issued_passes_checkout_identity_idx, expired ones
-- included. With the dependency known it reads only the passes that can hold a place, through
-- issued_passes_tenant_product_status_idx, whatever the product sold before.
CREATE STATISTICS IF NOT EXISTS issued_passes_tenant_product_stats (dependencies) ON tenant_id, product_id FROM issued_passes;
--> statement-breakpoint
ANALYZE issued_passes;
