-- The tenant's currency (issue 30, decision 244): what its prices, notices and passes are in, what
-- the payment provider charges and how the portal writes amounts. ISO 4217, lower-case as Stripe
-- writes it, among the currencies the payment adapters support (all with two decimals).
ALTER TABLE tenants ADD COLUMN currency text NOT NULL DEFAULT 'usd';
ALTER TABLE tenants ADD CONSTRAINT tenants_currency_supported
  CHECK (currency IN ('usd', 'cad', 'eur', 'gbp', 'mxn', 'aud'));
