-- The overview's trends (issue 33) read each series per day over a range: one index range scan by
-- tenant and time for each. Notices issued and paid, revenue, passes sold and active already have
-- theirs (citations_tenant_created_idx, citations_tenant_date_paid_idx,
-- payment_sessions_tenant_paid_idx, issued_passes_tenant_status_idx,
-- issued_passes_tenant_expires_idx); appeals received and decided get these.
CREATE INDEX appeals_tenant_submitted_idx ON appeals (tenant_id, submission_date);
CREATE INDEX appeals_tenant_responded_idx ON appeals (tenant_id, response_date) WHERE response_date IS NOT NULL;
