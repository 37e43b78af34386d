-- Row-level security as a second wall (issue 13, decision 152). The app's request queries run as
-- portal_app, a role that owns nothing and cannot bypass row-level security; every table with a
-- tenant_id column gets a policy keyed by the per-connection setting app.tenant_id. The policies
-- themselves are written by syncRowLevelSecurity() at the end of every migrate(), so tables added
-- by later migrations are covered without anyone remembering to. Roles belong to the whole
-- PostgreSQL server, not one database: several databases (and test runs) may create it at once.
DO $$
BEGIN
  CREATE ROLE portal_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$
--> statement-breakpoint
-- The login role (the tables' owner) must be allowed to SET ROLE portal_app. A superuser already
-- is, and granting may be refused to an owner without CREATEROLE: that is then the operator's
-- one-time grant (docs/reliability.md).
DO $$
BEGIN
  EXECUTE format('GRANT portal_app TO %I', current_user);
EXCEPTION WHEN insufficient_privilege OR duplicate_object OR invalid_grant_operation THEN
  NULL;
END
$$
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO portal_app
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO portal_app
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO portal_app
