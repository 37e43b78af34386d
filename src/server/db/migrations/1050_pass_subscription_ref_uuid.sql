-- A pass's subscription_ref names our subscriptions row, so it is a uuid with a foreign key
-- (issue 28): as text it held provider-looking strings (the demo's 'sub_sandbox_demo_dana') that
-- failed every query comparing it with a uuid column (the console's pass page answered 500).
-- References that name no subscription of the pass's tenant are cleared first.
UPDATE issued_passes AS pass
SET subscription_ref = NULL
WHERE subscription_ref IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM subscriptions AS subscription
    WHERE subscription.id::text = lower(pass.subscription_ref) AND subscription.tenant_id = pass.tenant_id
  );

ALTER TABLE issued_passes
  ALTER COLUMN subscription_ref TYPE uuid USING subscription_ref::uuid,
  ADD CONSTRAINT issued_passes_subscription_ref_fkey
    FOREIGN KEY (subscription_ref) REFERENCES subscriptions (id) ON DELETE SET NULL;

CREATE INDEX issued_passes_subscription_ref_idx ON issued_passes (subscription_ref)
  WHERE subscription_ref IS NOT NULL;
