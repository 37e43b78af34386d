-- The console's pass list sorts on the server by issue and expiry (and by registration, 0850):
-- each order is read from an index, a page at a time, however many passes a tenant holds.
CREATE INDEX issued_passes_tenant_issued_idx ON issued_passes (tenant_id, issued_on DESC, created_at DESC, id DESC);
CREATE INDEX issued_passes_tenant_expires_idx ON issued_passes (tenant_id, expires_at DESC, created_at DESC, id DESC);
