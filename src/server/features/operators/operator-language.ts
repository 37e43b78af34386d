import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locales';
import { languageMessages } from '../../../shared/messages/languages';
import type { Database } from '../../db/client';
import { operators } from '../../db/schema';
import { badRequest } from '../../errors';
import { recordAudit } from '../audit';
import type { ConsoleAccess } from './console-access';

/**
 * Saves the language the signed-in operator reads the console and the patrol app in (issue 30):
 * one of the languages the tenant offers, or null to follow the browser and the tenant's default
 * again. Their own emails (password links) use it too. The change is in the audit log.
 */
export async function saveOperatorLanguage(options: {
  db: Database;
  access: ConsoleAccess;
  language: Locale | null;
}): Promise<{ language: Locale | null }> {
  const { tenant, operator } = options.access;
  if (options.language !== null && !tenant.languages.includes(options.language)) {
    throw badRequest(languageMessages.notOffered);
  }
  await options.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ language: operators.language })
      .from(operators)
      .where(and(eq(operators.id, operator.id), eq(operators.tenantId, tenant.id)))
      .for('update');
    await tx
      .update(operators)
      .set({ language: options.language })
      .where(and(eq(operators.id, operator.id), eq(operators.tenantId, tenant.id)));
    // Logged like the operator's other changes; saving the same language again changes nothing.
    if (before && before.language === options.language) return;
    await recordAudit(tx, {
      tenantId: tenant.id,
      actor: options.access.auditActor,
      action: 'operator.language',
      entityType: 'operator',
      entityId: operator.id,
      before: { language: before?.language ?? null },
      after: { language: options.language },
    });
  });
  return { language: options.language };
}
