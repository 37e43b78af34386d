-- The request that caused an audit entry or a queued email (issue 32, X-Request-Id): an
-- operator's or a user's report leads from the log to the records and back. Null for work
-- outside a request (scheduled sweeps, workers, command-line tools) and for older rows.
ALTER TABLE audit_log ADD COLUMN request_id text;
ALTER TABLE email_outbox ADD COLUMN request_id text;
