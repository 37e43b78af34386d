-- The console's customer search (issue 11): by the start of an email or a name, in name order.
CREATE INDEX customers_tenant_name_order_idx ON customers (tenant_id, lower(fullname), id);
CREATE INDEX customers_tenant_name_prefix_idx ON customers (tenant_id, lower(fullname) text_pattern_ops);
CREATE INDEX customers_tenant_email_prefix_idx ON customers (tenant_id, lower(email) text_pattern_ops);
