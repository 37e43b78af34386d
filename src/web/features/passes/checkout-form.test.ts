import { describe, expect, it } from 'vitest';
import type { PermitProduct } from '../../../shared/contract';
import { passMessages } from '../../../shared/messages';
import { MARK_WITHOUT_MESSAGE } from '../../lib/use-api-form';
import {
  type CheckoutContext,
  checkoutFormSchema,
  initialCheckoutValues,
  localToInstant,
  toCheckoutPayload,
  toIssuePayload,
} from './checkout-form';
import { dayPassProduct as product } from './test-products';

const NOW = new Date('2026-11-21T15:00:00Z');
const context = (overrides: Partial<PermitProduct> = {}, isGuest = true): CheckoutContext => ({
  product: { ...product, ...overrides },
  isGuest,
  isEmailVerified: false,
  timeZone: 'America/Los_Angeles',
  now: () => NOW,
});
const values = (ctx: CheckoutContext) => initialCheckoutValues(ctx.product, { email: '', permitCode: '' });

/** The first error the form shows, as { field: message }. */
function firstError(ctx: CheckoutContext, changes: Partial<ReturnType<typeof values>> = {}) {
  const result = checkoutFormSchema(ctx).safeParse({ ...values(ctx), ...changes });
  if (result.success) return null;
  const [issue] = result.error.issues;
  return { [String(issue?.path[0])]: issue?.message };
}

describe('the checkout form', () => {
  it("shows section 5's messages at their inputs, in the spec's order", () => {
    const guest = context({ needsGuestCode: true });
    expect(firstError(guest)).toEqual({ guestCode: passMessages.guestCodeRequired });
    expect(firstError(guest, { guestCode: 'ab 12' })).toEqual({ email: passMessages.emailInvalid });
    expect(firstError(guest, { guestCode: 'AB12', email: 'a@example.com' })).toEqual({
      plate: passMessages.vehicleRequired,
    });
    expect(firstError(guest, { guestCode: 'AB12', email: 'a@example.com', plate: 'X1' })).toBeNull();
  });

  it("puts a customer's missing vehicle on the picker and a bad holder email on the holder's input", () => {
    const customer = context({}, false);
    expect(firstError(customer)).toEqual({ vehicleUUID: passMessages.vehicleRequired });
    const chosen = { vehicleUUID: '22222222-2222-4222-8222-222222222222', holderName: 'Pat' };
    expect(firstError(customer, { ...chosen, holderEmail: 'nope' })).toEqual({
      holderEmail: passMessages.holderEmailInvalid,
    });
  });

  it('blocks the label-and-address type without a message: the blank inputs are marked', () => {
    const typed = { email: 'k@example.com', plate: 'LA1', holderLabel: 'L1', holderCity: 'Reno' };
    const labelled = context({ advancedType: 3, guestNeedsPermitHolderInfo: true });
    const result = checkoutFormSchema(labelled).safeParse({ ...values(labelled), ...typed });
    expect(result.success).toBe(false);
    const issues = result.success ? [] : result.error.issues;
    expect(issues.map((issue) => issue.path[0])).toEqual([
      'fullname',
      'holderAddress1',
      'holderState',
      'holderZip',
      'holderCountry',
      'phonenumber',
    ]);
    expect(new Set(issues.map((issue) => issue.message))).toEqual(new Set([MARK_WITHOUT_MESSAGE]));
  });

  it('opens the Registration Error dialog for the residency rule', () => {
    const hawaii = context({ residencyRule: 'HI', advancedType: 3, guestNeedsPermitHolderInfo: true });
    const typed = {
      email: 'k@example.com',
      plate: 'HI1',
      holderLabel: '123',
      holderName: 'Kai',
      holderAddress1: '1 Way',
      holderCity: 'Honolulu',
      holderState: 'CA',
      holderZip: '96813',
      holderCountry: 'United States',
      phonenumber: '808',
    };
    expect(firstError(hawaii, typed)).toEqual({ residency: passMessages.residencyErrorHawaii });
    expect(firstError(hawaii, { ...typed, holderLabel: 'H12345678', holderState: 'HI' })).toBeNull();
  });

  it("asks a guest each thing once: the contact section's name and email are the holder's", () => {
    const hawaii = context({ residencyRule: 'HI', advancedType: 3, guestNeedsPermitHolderInfo: true });
    const typed = {
      email: 'kai@example.com',
      fullname: 'Kai Resident',
      plate: 'HI1',
      holderLabel: 'H12345678',
      holderAddress1: '1 Aloha Way',
      holderCity: 'Honolulu',
      holderState: 'HI',
      holderZip: '96813',
      holderCountry: 'United States',
      phonenumber: '808 555 0100',
    };
    // No holder name or email typed: none is missing, and the payload carries the guest's.
    expect(firstError(hawaii, typed)).toBeNull();
    // The name, when missing, is asked for where the guest types it.
    const named = context({ advancedType: 1, guestNeedsPermitHolderInfo: true });
    expect(firstError(named, { email: 'kai@example.com', plate: 'HI1' })).toEqual({
      fullname: passMessages.holderNameRequired,
    });
    const payload = toCheckoutPayload({ ...values(hawaii), ...typed }, hawaii, {
      subdomain: 'parkview',
      customerUUID: null,
      emailVerificationToken: null,
    });
    expect(payload).toMatchObject({ holderName: 'Kai Resident', holderEmail: 'kai@example.com' });
    // A holder's own answer still wins.
    expect(
      toCheckoutPayload({ ...values(hawaii), ...typed, holderName: 'Lani Holder' }, hawaii, {
        subdomain: 'parkview',
        customerUUID: null,
        emailVerificationToken: null,
      }),
    ).toMatchObject({ holderName: 'Lani Holder' });
  });

  it('reads typed times as wall-clock times of the tenant', () => {
    expect(localToInstant('2026-11-22T09:00', 'America/Los_Angeles')).toBe('2026-11-22T17:00:00.000Z');
    expect(localToInstant('', 'America/Los_Angeles')).toBeNull();
    const manual = context({ timeSelectionType: 3 });
    const payload = toCheckoutPayload(
      { ...values(manual), startLocal: '2026-11-22T09:00', endLocal: '2026-11-22T18:00', plate: 'X1' },
      manual,
      { subdomain: 'demo', customerUUID: null, emailVerificationToken: null },
    );
    expect([payload.date, payload.endDate]).toEqual(['2026-11-22T17:00:00.000Z', '2026-11-23T02:00:00.000Z']);
  });

  it('starts a type 1 pass now, and sends a plate-only vehicle without state, make, model or colour', () => {
    const plateOnly = context({ isPlateOnly: true });
    const payload = toCheckoutPayload(
      { ...values(plateOnly), plate: 'ABC1', state: 'CA', make: 'FORD' },
      plateOnly,
      { subdomain: 'demo', customerUUID: null, emailVerificationToken: null },
    );
    expect(payload.date).toBe(NOW.toISOString());
    expect(payload.vehicle).toEqual({ plate: 'ABC1', state: null, make: null, model: null, color: null });
  });

  it("sends a customer's saved vehicle and the product's preset window of a type 2 pass", () => {
    const preset = context(
      {
        timeSelectionType: 2,
        chosenDate: '2026-12-06T16:00:00.000Z',
        chosenEndDate: '2026-12-07T16:00:00.000Z',
      },
      false,
    );
    const payload = toIssuePayload(
      { ...values(preset), vehicleUUID: '22222222-2222-4222-8222-222222222222' },
      preset,
    );
    expect(payload).toMatchObject({
      vehicleUUID: '22222222-2222-4222-8222-222222222222',
      startDate: '2026-12-06T16:00:00.000Z',
      endDate: '2026-12-07T16:00:00.000Z',
    });
  });
});
