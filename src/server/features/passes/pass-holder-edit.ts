import { and, eq } from 'drizzle-orm';
import type { CustomFormField } from '../../../shared/contract';
import { inputErrorMessages } from '../../../shared/messages/input-errors';
import { passMessages } from '../../../shared/messages/passes';
import { breaksResidencyRule } from '../../../shared/rules/pass-checkout';
import type { Database, Transaction } from '../../db/client';
import { issuedPasses, passProducts, permitHolders } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { type HolderAddress, holderAddressOf } from './holder-address';
import { assertPassChangeable, auditActorOf, loadPassFor, type PassCaller } from './pass-access';
import { findProductWithDetails } from './queries';

/**
 * Editing a pass's holder and custom-field answers (part 2 sections 5 and 8). The holder's name
 * and address are not the registrant's: they are who the pass is for, and change with them.
 */

interface PassCall {
  db: Database;
  caller: PassCaller;
  tenantId: string;
  passId: string;
  now: Date;
}

export interface HolderUpdate extends HolderAddress {
  label: string | null;
  phonenumber: string | null;
}

async function productOf(db: Database | Transaction, tenantId: string, productId: string) {
  const [product] = await db
    .select()
    .from(passProducts)
    .where(and(eq(passProducts.tenantId, tenantId), eq(passProducts.id, productId)));
  if (!product) throw notFound('Pass');
  return product;
}

/**
 * Replaces the holder's fields of the edit form. A product for Hawaii residents keeps its rule
 * (an edit cannot move the holder out of it); a product whose label is hidden keeps no label.
 * The square type's contact fields, which the form does not show, are kept as they were.
 */
export async function updatePermitHolder(call: PassCall & { holder: HolderUpdate }): Promise<void> {
  const { holder } = call;
  await call.db.transaction(async (tx) => {
    const pass = await loadPassFor(tx, { ...call, action: 'pass.edit', lock: true });
    assertPassChangeable(pass, call.now);
    const product = await productOf(tx, call.tenantId, pass.productId);
    const label = product.labelDescriptor === 'None' ? null : holder.label;
    if (breaksResidencyRule(product.residencyRule, { label, state: holder.state })) {
      throw new AppError(400, 'residency_rule', passMessages.residencyErrorHawaii);
    }
    const values = {
      ...holderAddressOf(holder),
      label,
      phoneNumber: holder.phonenumber,
      updatedAt: call.now,
    };
    const [before] = await tx
      .select()
      .from(permitHolders)
      .where(and(eq(permitHolders.tenantId, pass.tenantId), eq(permitHolders.passId, pass.id)));
    await tx
      .insert(permitHolders)
      .values({ passId: pass.id, tenantId: pass.tenantId, ...values })
      .onConflictDoUpdate({ target: permitHolders.passId, set: values });
    const actor = auditActorOf(call.caller);
    if (actor) {
      await recordAudit(tx, {
        tenantId: pass.tenantId,
        actor,
        action: 'pass.holder-update',
        entityType: 'pass',
        entityId: pass.id,
        before: before ?? null,
        after: values,
      });
    }
  });
}

/** The labels a pass answers: those it was issued with, or its product's when it has none yet. */
async function labelsOf(
  db: Database | Transaction,
  pass: { tenantId: string; productId: string; customFormFields: CustomFormField[] },
  now: Date,
) {
  if (pass.customFormFields.length > 0) return pass.customFormFields.map((field) => field.label);
  const details = await findProductWithDetails(db, pass.tenantId, pass.productId, now);
  return (details?.formFields ?? []).map((field) => field.label);
}

export async function getIssuedFields(call: PassCall): Promise<CustomFormField[]> {
  const pass = await loadPassFor(call.db, { ...call, action: 'pass.read' });
  const labels = await labelsOf(call.db, pass, call.now);
  const answers = new Map(pass.customFormFields.map((field) => [field.label, field.value]));
  return labels.map((label) => ({ label, value: answers.get(label) ?? '' }));
}

/**
 * Replaces the answers: every label of the pass must be answered ('Please fill out all fields
 * before updating.'); labels the pass does not ask are refused, so nothing unasked is stored.
 */
export async function updateIssuedFields(
  call: PassCall & { fields: CustomFormField[] },
): Promise<CustomFormField[]> {
  return call.db.transaction(async (tx) => {
    const pass = await loadPassFor(tx, { ...call, action: 'pass.edit', lock: true });
    assertPassChangeable(pass, call.now);
    const labels = await labelsOf(tx, pass, call.now);
    const answers = new Map(call.fields.map((field) => [field.label, field.value]));
    if (call.fields.some((field) => !labels.includes(field.label))) {
      throw badRequest(inputErrorMessages.onlyPassFields, 'formFields');
    }
    const fields = labels.map((label) => ({ label, value: answers.get(label) ?? '' }));
    if (fields.some((field) => field.value.length === 0)) {
      throw new AppError(400, 'pass_validation', passMessages.customFieldsUpdateRequired);
    }
    await tx
      .update(issuedPasses)
      .set({ customFormFields: fields, updatedAt: call.now })
      .where(eq(issuedPasses.id, pass.id));
    const actor = auditActorOf(call.caller);
    if (actor) {
      await recordAudit(tx, {
        tenantId: pass.tenantId,
        actor,
        action: 'pass.fields-update',
        entityType: 'pass',
        entityId: pass.id,
        before: pass.customFormFields,
        after: fields,
      });
    }
    return fields;
  });
}
