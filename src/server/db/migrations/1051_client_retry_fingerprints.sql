-- A device's clientId makes a retry of a field notice or a scan write nothing twice; the content's
-- fingerprint (sha-256 of its fields) tells a true retry from a new body sent under a used
-- clientId, which is refused with a 409 (issue 28). Rows written before have none: their retries
-- are answered as before.
ALTER TABLE citations ADD COLUMN client_fingerprint text;
ALTER TABLE patrol_scans ADD COLUMN client_fingerprint text;
