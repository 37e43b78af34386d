import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { tenantUrl } from './browser';

/**
 * Opens the newest email with `subject` sent to `to`, in the tenant's development mailbox: the
 * mailbox is read again until the email is there (the outbox worker sends it a moment after the
 * request that queued it), for at most 15 s.
 */
export async function openEmail(target: Page, tenant: string, to: string, subject: string): Promise<void> {
  const link = target.getByRole('link', { name: subject }).first();
  await expect
    .poll(
      async () => {
        await target.goto(tenantUrl(tenant, `/dev/mailbox?to=${encodeURIComponent(to)}`));
        return link.count();
      },
      { timeout: 15_000, interval: 250, message: `No email '${subject}' reached ${to}` },
    )
    .toBeGreaterThan(0);
  await link.click();
  await target.getByRole('heading', { name: subject }).waitFor();
}
