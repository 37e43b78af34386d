-- The tenant's Stripe Connect account: when set, its Stripe Checkout payments are destination
-- charges paid out to that account, the platform keeping the service fee.
ALTER TABLE tenants ADD COLUMN stripe_account_id text CHECK (stripe_account_id ~ '^acct_[A-Za-z0-9]{1,64}$');
