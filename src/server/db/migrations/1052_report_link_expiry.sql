-- A report's no-sign-in link lasts until its expiry (chosen when it is made, REPORT_LINK_DAYS by
-- default) or until an operator revokes it (issue 28, finding 3). Reports made before expire
-- 30 days after they were made, the setting's default, rather than never.
ALTER TABLE patrol_reports ADD COLUMN expires_at timestamptz;
UPDATE patrol_reports SET expires_at = created_at + interval '30 days';
ALTER TABLE patrol_reports ALTER COLUMN expires_at SET NOT NULL;
ALTER TABLE patrol_reports ADD COLUMN revoked_at timestamptz;
