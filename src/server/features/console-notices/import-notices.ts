import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { NoticeImportPreview, NoticeImportProblem } from '../../../shared/contract';
import { inputErrorMessages } from '../../../shared/messages/input-errors';
import type { Database, Transaction } from '../../db/client';
import { citationCodes, citations, type OperatorRow, type TenantRow } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { recordAudit } from '../audit';
import { isUniqueViolation } from '../customers';
import { auditActorOf } from './console-notice';
import { checkNoticeRows, type NoticeImportCheck } from './notice-import-rows';

/** Rows per INSERT and per lookup of existing numbers: far below PostgreSQL's parameter limit. */
const CHUNK_SIZE = 500;
const SAMPLE_SIZE = 20;
/** How many problems the import's 400 message names before 'and N more'. */
const PROBLEMS_IN_MESSAGE = 5;

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK_SIZE) }, (_, index) =>
    items.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE),
  );

/** Every check of the file, the tenant's existing notice numbers included. */
async function checkImport(
  db: Database | Transaction,
  tenant: TenantRow,
  csv: string,
  now: Date,
): Promise<NoticeImportCheck> {
  const codes = await db.select().from(citationCodes).where(eq(citationCodes.tenantId, tenant.id));
  const check = checkNoticeRows({ csv, timeZone: tenant.timezone, codes, now });
  const lines = new Map(check.rows.map((row) => [row.citationNumber, row.line]));
  const taken: NoticeImportProblem[] = [];
  for (const numbers of chunks([...lines.keys()])) {
    const existing = await db
      .select({ citationNumber: citations.citationNumber })
      .from(citations)
      .where(and(eq(citations.tenantId, tenant.id), inArray(citations.citationNumber, numbers)));
    for (const { citationNumber } of existing) {
      taken.push({
        line: lines.get(citationNumber) ?? 0,
        field: 'citationNumber',
        message: `${citationNumber} is already a notice of this portal`,
      });
    }
  }
  const takenLines = new Set(taken.map((problem) => problem.line));
  const problems = [...check.problems, ...taken].sort((a, b) => a.line - b.line);
  return { rows: check.rows.filter((row) => !takenLines.has(row.line)), problems };
}

/** What importing the file would do, row by row; writes nothing. */
export async function previewNoticeImport(options: {
  db: Database;
  tenant: TenantRow;
  csv: string;
  now: Date;
}): Promise<NoticeImportPreview> {
  const { rows, problems } = await checkImport(options.db, options.tenant, options.csv, options.now);
  return {
    rowCount: rows.length + new Set(problems.filter((p) => p.line > 1).map((p) => p.line)).size,
    problems,
    sample: rows.slice(0, SAMPLE_SIZE).map((row) => ({
      line: row.line,
      citationNumber: row.citationNumber,
      plate: row.plate,
      createdOn: row.createdOn.toISOString(),
      amount: row.amount,
      citationName: row.code.name,
    })),
  };
}

function describeProblems(problems: NoticeImportProblem[]): string {
  const named = problems
    .slice(0, PROBLEMS_IN_MESSAGE)
    .map((p) => `line ${p.line}${p.field ? `, ${p.field}` : ''}: ${p.message}`);
  const more =
    problems.length > PROBLEMS_IN_MESSAGE ? `; and ${problems.length - PROBLEMS_IN_MESSAGE} more` : '';
  return `Nothing was imported. Fix the file and try again — ${named.join('; ')}${more}.`;
}

/**
 * Writes every row of the file in one transaction, or none: the file is checked again inside it
 * (the preview may be stale), and any problem, or a number taken meanwhile, rolls all of it back.
 * With `onlyValidRows` the rows with problems are left out and the others written together.
 * One audit entry lists the numbers imported.
 */
export async function importNotices(options: {
  db: Database;
  tenant: TenantRow;
  operator: OperatorRow;
  csv: string;
  now: Date;
  /** Import the valid rows and leave out the rows with problems (a whole-file problem still refuses). */
  onlyValidRows?: boolean;
}): Promise<{ imported: number; skipped?: number }> {
  const { db, tenant, operator, csv, now } = options;
  try {
    return await db.transaction(async (tx) => {
      const { rows, problems } = await checkImport(tx, tenant, csv, now);
      const skippedLines = new Set(problems.filter((problem) => problem.line > 1).map((p) => p.line));
      const isFileProblem = problems.some((problem) => problem.line <= 1);
      if (problems.length > 0 && (!options.onlyValidRows || isFileProblem)) {
        throw new AppError(400, 'bad_request', describeProblems(problems));
      }
      if (rows.length === 0) {
        throw badRequest(inputErrorMessages.nothingImported, 'csv');
      }
      for (const chunk of chunks(rows)) {
        await tx.insert(citations).values(
          chunk.map((row) => ({
            tenantId: tenant.id,
            citationNumber: row.citationNumber,
            plate: row.plate,
            stateProv: row.stateProv,
            createdOn: row.createdOn,
            paymentStatus: 'Open',
            amount: row.amount,
            lateAmount1: row.code.lateAmount1,
            lateDays1: row.code.lateDays1,
            lateAmount2: row.code.lateAmount2,
            lateDays2: row.code.lateDays2,
            citationCodeId: row.code.id,
            location: row.location,
            make: row.make,
            color: row.color,
            comments: row.comments,
          })),
        );
      }
      await recordAudit(tx, {
        tenantId: tenant.id,
        actor: auditActorOf(operator),
        action: 'notice.import',
        entityType: 'notice-import',
        entityId: randomUUID(),
        after: { count: rows.length, citationNumbers: rows.map((row) => row.citationNumber) },
      });
      return options.onlyValidRows
        ? { imported: rows.length, skipped: skippedLines.size }
        : { imported: rows.length };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'citations_tenant_number_key')) {
      throw new AppError(
        409,
        'conflict',
        'Nothing was imported: a notice number was taken meanwhile. Try again.',
      );
    }
    throw error;
  }
}
