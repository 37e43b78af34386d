import { and, asc, eq } from 'drizzle-orm';
import type { AppealMessage } from '../../../shared/contract';
import { appealThreadMessages } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { normaliseSearchTerm } from '../../../shared/rules';
import type { StoragePort } from '../../adapters/storage/storage-port';
import { type Config, tenantBaseUrl } from '../../config';
import type { Database, Transaction } from '../../db/client';
import {
  type AppealMessageRow,
  type AppealRow,
  appealMessages,
  type CitationRow,
  operators,
  type TenantRow,
} from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { hashToken } from '../auth';
import { findCitationById } from '../citations';
import { enqueueEmail } from '../mail';
import { attachUploads, verifyUploadUrls } from '../uploads';
import { findAppealByCitation, findAppealWithCitation } from './queries';

type Author = AppealMessageRow['author'];

function toAppealMessage(row: AppealMessageRow): AppealMessage {
  return {
    uuid: row.id,
    author: row.author,
    body: row.body,
    imageURLs: row.imageUrls,
    createdOn: row.createdAt.toISOString(),
  };
}

/**
 * The appeal behind the appellant's access: the notice's uuid and number, and the appeal's
 * confirmation token (decision 104). Uuid and number are printed on the notice, so without the
 * token anyone with the plate could read the operator's replies and write as the appellant: 404.
 */
async function appealOfAppellant(options: {
  db: Database;
  tenant: TenantRow;
  citationId: string;
  number: string;
  token: string | null;
}) {
  const row = await findCitationById(options.db, options.tenant.id, options.citationId);
  if (!row || row.citation.citationNumber !== normaliseSearchTerm(options.number)) throw notFound('Appeal');
  const appeal = await findAppealByCitation(options.db, options.tenant.id, row.citation.id);
  const isAppellant =
    appeal?.confirmationTokenHash != null &&
    options.token !== null &&
    appeal.confirmationTokenHash === hashToken(options.token);
  if (!appeal || !isAppellant) throw notFound('Appeal');
  return { appeal, citation: row.citation };
}

async function listMessages(db: Database, tenantId: string, appealId: string): Promise<AppealMessage[]> {
  const rows = await db
    .select()
    .from(appealMessages)
    .where(and(eq(appealMessages.tenantId, tenantId), eq(appealMessages.appealId, appealId)))
    .orderBy(asc(appealMessages.createdAt), asc(appealMessages.position));
  return rows.map(toAppealMessage);
}

/** What either side sends: the text and the photos it uploaded for it beforehand. */
export interface MessageInput {
  body: string;
  imageURLs: string[];
}

/**
 * Writes one message, attaches its photos and queues the email telling the other side, in one
 * transaction, while the appeal is still pending (a decided appeal's thread is closed: 409). The
 * photos are checked in storage first, as an appeal's own are.
 */
async function writeMessage(options: {
  db: Database;
  config: Config;
  storage: StoragePort;
  tenant: TenantRow;
  appealId: string;
  author: Author;
  message: MessageInput;
  now: Date;
}): Promise<AppealMessage> {
  const { body, imageURLs } = options.message;
  await verifyUploadUrls({
    db: options.db,
    storage: options.storage,
    tenant: options.tenant,
    purpose: 'appeal-photo',
    fileUrls: imageURLs,
    now: options.now,
  });
  return options.db.transaction(async (tx) => {
    const found = await findAppealWithCitation(tx, options.tenant.id, options.appealId, { forUpdate: true });
    if (!found) throw notFound('Appeal');
    if (!found.appeal.isPending) throw new AppError(409, 'conflict', appealThreadMessages.closed);
    const [row] = await tx
      .insert(appealMessages)
      .values({
        tenantId: options.tenant.id,
        appealId: found.appeal.id,
        author: options.author,
        body,
        imageUrls: imageURLs,
        createdAt: options.now,
      })
      .returning();
    await attachUploads(tx, { tenantId: options.tenant.id, purpose: 'appeal-photo', fileUrls: imageURLs });
    await emailOtherSide(tx, { ...options, ...found, body, photoCount: imageURLs.length });
    return toAppealMessage(row!);
  });
}

/** The photos themselves stay on the portal: the email says how many to look at there. */
const photoLine = (count: number) =>
  count === 0 ? [] : [fillMessage(appealThreadMessages.emailPhotos, { count: String(count) })];

async function emailOtherSide(
  tx: Transaction,
  options: {
    config: Config;
    tenant: TenantRow;
    appeal: AppealRow;
    citation: CitationRow;
    author: Author;
    body: string;
    photoCount: number;
    now: Date;
  },
) {
  const number = options.citation.citationNumber;
  const baseUrl = tenantBaseUrl(options.config, options.tenant.subdomain);
  if (options.author === 'operator') {
    await enqueueEmail(tx, {
      tenantId: options.tenant.id,
      to: options.appeal.email,
      now: options.now,
      email: () => ({
        subject: fillMessage(appealThreadMessages.emailSubjectToAppellant, { number }),
        heading: fillMessage(appealThreadMessages.emailHeading, { number }),
        paragraphs: [appealThreadMessages.emailFromOperator, options.body, ...photoLine(options.photoCount)],
        action: {
          label: appealThreadMessages.emailViewAppeal,
          url: `${baseUrl}/noticeappeal/${options.citation.id}`,
        },
      }),
    });
    return;
  }
  // The appellant writes to the operator's team: every operator of the tenant is told.
  const team = await tx
    .select({ email: operators.email })
    .from(operators)
    .where(eq(operators.tenantId, options.tenant.id));
  for (const { email } of team) {
    await enqueueEmail(tx, {
      tenantId: options.tenant.id,
      to: email,
      now: options.now,
      email: () => ({
        subject: fillMessage(appealThreadMessages.emailSubjectToOperator, { number }),
        heading: fillMessage(appealThreadMessages.emailHeading, { number }),
        paragraphs: [
          fillMessage(appealThreadMessages.emailFromAppellant, { name: options.appeal.name }),
          options.body,
          ...photoLine(options.photoCount),
        ],
        action: { label: appealThreadMessages.emailOpenAppeals, url: `${baseUrl}/dashboard/appeals` },
      }),
    });
  }
}

export async function listAppellantMessages(options: {
  db: Database;
  tenant: TenantRow;
  citationId: string;
  number: string;
  /** The appeal's confirmation token (x-appeal-token). */
  token: string | null;
}): Promise<AppealMessage[]> {
  const { appeal } = await appealOfAppellant(options);
  return listMessages(options.db, options.tenant.id, appeal.id);
}

export async function postAppellantMessage(options: {
  db: Database;
  config: Config;
  tenant: TenantRow;
  storage: StoragePort;
  citationId: string;
  number: string;
  /** The appeal's confirmation token (x-appeal-token). */
  token: string | null;
  message: MessageInput;
  now: Date;
}): Promise<AppealMessage> {
  const { appeal } = await appealOfAppellant(options);
  return writeMessage({ ...options, appealId: appeal.id, author: 'appellant' });
}

export async function listOperatorMessages(options: {
  db: Database;
  tenant: TenantRow;
  appealId: string;
}): Promise<AppealMessage[]> {
  const found = await findAppealWithCitation(options.db, options.tenant.id, options.appealId);
  if (!found) throw notFound('Appeal');
  return listMessages(options.db, options.tenant.id, found.appeal.id);
}

export async function postOperatorMessage(options: {
  db: Database;
  config: Config;
  storage: StoragePort;
  tenant: TenantRow;
  appealId: string;
  message: MessageInput;
  now: Date;
}): Promise<AppealMessage> {
  return writeMessage({ ...options, author: 'operator' });
}
