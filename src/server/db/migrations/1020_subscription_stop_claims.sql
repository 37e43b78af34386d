-- Stopping a subscription's renewal is claimed before the payment provider is asked (decision
-- 178): two cancels at once (a double click) make one provider call. A claim lapses, so a
-- process that dies mid-call does not block the next try.
ALTER TABLE subscriptions ADD COLUMN stop_claimed_until timestamptz;
