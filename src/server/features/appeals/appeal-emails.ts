import { appealMessages } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { type Config, tenantBaseUrl } from '../../config';
import type { Transaction } from '../../db/client';
import type { CitationRow, TenantRow } from '../../db/schema';
import { enqueueEmail } from '../mail';

/**
 * The link that confirms an appeal, to the address the appeal gave. Only the notice number (ours)
 * goes in: nothing the anonymous appellant typed reaches an address they may not own.
 */
export async function enqueueAppealConfirmationEmail(
  tx: Transaction,
  options: {
    config: Pick<Config, 'publicBaseUrl'>;
    tenant: TenantRow;
    citation: CitationRow;
    to: string;
    token: string;
    now: Date;
  },
): Promise<void> {
  const number = options.citation.citationNumber;
  const url = `${tenantBaseUrl(options.config, options.tenant.subdomain)}/noticeappeal/${options.citation.id}?confirm=${options.token}`;
  await enqueueEmail(tx, {
    tenantId: options.tenant.id,
    to: options.to,
    now: options.now,
    email: () => ({
      subject: fillMessage(appealMessages.confirmEmailSubject, { number }),
      heading: appealMessages.confirmEmailHeading,
      paragraphs: [
        fillMessage(appealMessages.confirmEmailBody, { number }),
        appealMessages.confirmEmailIgnore,
      ],
      action: { label: appealMessages.confirmEmailAction, url },
    }),
  });
}
