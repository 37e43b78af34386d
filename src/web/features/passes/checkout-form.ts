import { z } from 'zod';
import {
  type CheckoutPayloadInput,
  checkoutPayloadSchema,
  type IssuePayloadInput,
  issuePayloadSchema,
  type PermitProduct,
} from '../../../shared/contract';
import { fromLocalWallTime } from '../../../shared/format';
import { passMessages } from '../../../shared/messages';
import { isValidEmail } from '../../../shared/rules';
import { findCheckoutProblem } from '../../../shared/rules/pass-checkout';
import { MARK_WITHOUT_MESSAGE } from '../../lib/use-api-form';

/** What the checkout's inputs hold: text as typed, times as the tenant's wall-clock 'YYYY-MM-DDTHH:mm'. */
export type CheckoutFormValues = {
  guestCode: string;
  fullname: string;
  email: string;
  /** Type 3's start and end as typed in the tenant's zone; unused by types 1 and 2. */
  startLocal: string;
  endLocal: string;
  plate: string;
  state: string;
  make: string;
  model: string;
  color: string;
  vehicleUUID: string;
  holderName: string;
  holderLabel: string;
  holderEmail: string;
  holderAddress1: string;
  holderAddress2: string;
  holderCity: string;
  holderState: string;
  holderZip: string;
  holderCountry: string;
  phonenumber: string;
  buildingBusiness: string;
  lotName: string;
  emergencyName: string;
  emergencyEmail: string;
  emergencyNumber: string;
  formFields: Array<{ label: string; value: string }>;
  regImgURLs: string[];
  permitCode: string;
  /** Not an input: where a broken residency rule is reported, which opens the Registration Error dialog. */
  residency: string;
  /** Not an input: a problem that belongs to no one input, shown in the banner. */
  problem: string;
};

export function initialCheckoutValues(
  product: PermitProduct,
  options: { email: string; permitCode: string },
): CheckoutFormValues {
  return {
    guestCode: '',
    fullname: '',
    email: options.email,
    startLocal: '',
    endLocal: '',
    plate: '',
    state: '',
    make: '',
    model: '',
    color: '',
    vehicleUUID: '',
    holderName: '',
    holderLabel: '',
    holderEmail: '',
    holderAddress1: '',
    holderAddress2: '',
    holderCity: '',
    holderState: '',
    holderZip: '',
    holderCountry: '',
    phonenumber: '',
    buildingBusiness: '',
    lotName: '',
    emergencyName: '',
    emergencyEmail: '',
    emergencyNumber: '',
    formFields: product.formFields.map((field) => ({ label: field.label, value: field.value })),
    regImgURLs: [],
    permitCode: options.permitCode,
    residency: '',
    problem: '',
  };
}

export interface CheckoutContext {
  product: PermitProduct;
  isGuest: boolean;
  /** The email came from a verification link and is locked. */
  isEmailVerified: boolean;
  timeZone: string;
  /** The instant a type 1 pass starts (now, when the form is sent). */
  now: () => Date;
}

/** A wall-clock time typed in the tenant's zone, as an ISO instant; null when empty. */
export function localToInstant(local: string, timeZone: string): string | null {
  if (!local) return null;
  const instant = fromLocalWallTime(local, timeZone);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** The start and end a checkout sends: now for type 1, the preset window for type 2, as typed for type 3. */
export function checkoutTimes(values: CheckoutFormValues, context: CheckoutContext) {
  const { product } = context;
  if (product.timeSelectionType === 1) return { date: context.now().toISOString(), endDate: null };
  if (product.timeSelectionType === 2) return { date: product.chosenDate, endDate: product.chosenEndDate };
  return {
    date: localToInstant(values.startLocal, context.timeZone),
    endDate: localToInstant(values.endLocal, context.timeZone),
  };
}

const orNull = (value: string) => (value.trim() ? value : null);

/**
 * What a guest's contact section already asked, the passholder section does not ask again (issue
 * 27): the holder's email is the guest's email, and their name the guest's full name when the
 * product asks for it. A holder value typed in its own input still wins.
 */
export function guestAnswersHolder(values: CheckoutFormValues, isGuest: boolean): CheckoutFormValues {
  if (!isGuest) return values;
  return {
    ...values,
    holderEmail: values.holderEmail.trim() ? values.holderEmail : values.email,
    holderName: values.holderName.trim() ? values.holderName : values.fullname,
  };
}

function holderPayload(values: CheckoutFormValues) {
  return {
    holderName: orNull(values.holderName),
    holderLabel: orNull(values.holderLabel),
    holderEmail: orNull(values.holderEmail),
    holderAddress1: orNull(values.holderAddress1),
    holderAddress2: orNull(values.holderAddress2),
    holderCity: orNull(values.holderCity),
    holderState: orNull(values.holderState),
    holderZip: orNull(values.holderZip),
    holderCountry: orNull(values.holderCountry),
    phonenumber: orNull(values.phonenumber),
    buildingBusiness: orNull(values.buildingBusiness),
    lotName: orNull(values.lotName),
    emergencyName: orNull(values.emergencyName),
    emergencyEmail: orNull(values.emergencyEmail),
    emergencyNumber: orNull(values.emergencyNumber),
    formFields: values.formFields,
    regImgURL: values.regImgURLs[0] ?? null,
    regImgURLs: values.regImgURLs,
    permitCode: orNull(values.permitCode),
    guestCode: orNull(values.guestCode),
  };
}

/** The Checkout payload of section 3 (guest screen); the server adds nothing but checks it all again. */
export function toCheckoutPayload(
  values: CheckoutFormValues,
  context: CheckoutContext,
  extra: { subdomain: string; customerUUID: string | null; emailVerificationToken: string | null },
): CheckoutPayloadInput {
  const { product } = context;
  return {
    permitProductUUID: product.uuid,
    subdomain: extra.subdomain,
    customerUUID: extra.customerUUID,
    ...checkoutTimes(values, context),
    vehicle: {
      plate: values.plate,
      state: product.isPlateOnly ? null : orNull(values.state),
      make: product.isPlateOnly ? null : orNull(values.make),
      model: product.isPlateOnly ? null : orNull(values.model),
      color: product.isPlateOnly ? null : orNull(values.color),
    },
    fullname: orNull(values.fullname),
    email: orNull(values.email),
    needsApproval: !product.isAutoApproved,
    holderPhonenumber: orNull(values.phonenumber),
    emailVerificationToken: extra.emailVerificationToken,
    ...holderPayload(guestAnswersHolder(values, true)),
  };
}

/** The Issue payload of section 3 (a customer's application): the vehicle is a saved one. */
export function toIssuePayload(values: CheckoutFormValues, context: CheckoutContext): IssuePayloadInput {
  const { date, endDate } = checkoutTimes(values, context);
  return {
    permitProductUUID: context.product.uuid,
    vehicleUUID: values.vehicleUUID || null,
    startDate: date,
    endDate,
    date,
    ...holderPayload(values),
  };
}

/** The inputs the label-and-address type requires, in the form's order, with what was typed. */
function labelAndAddressInputs(
  values: CheckoutFormValues,
  context: CheckoutContext,
): Array<[keyof CheckoutFormValues, string]> {
  const nameField =
    context.isGuest && context.product.guestFieldsType === 1
      ? ('fullname' as const)
      : ('holderName' as const);
  return [
    ['holderLabel', values.holderLabel],
    [nameField, values.holderName],
    ['holderAddress1', values.holderAddress1],
    ['holderCity', values.holderCity],
    ['holderState', values.holderState],
    ['holderZip', values.holderZip],
    ['holderCountry', values.holderCountry],
    ['phonenumber', values.phonenumber],
  ];
}

/** Which input a section 5 message is shown at (the first problem only, in the spec's order). */
const PROBLEM_FIELDS = (): Record<string, keyof CheckoutFormValues> => ({
  [passMessages.guestCodeRequired]: 'guestCode',
  [passMessages.emailInvalid]: 'email',
  [passMessages.dateRequired]: 'startLocal',
  [passMessages.startAndEndRequired]: 'endLocal',
  [passMessages.fullCustomFieldsRequired]: 'formFields',
  [passMessages.labelAndAddressRequired]: 'holderLabel',
  [passMessages.residencyErrorHawaii]: 'residency',
  [passMessages.holderNameRequired]: 'holderName',
  [passMessages.addressRequired]: 'holderAddress1',
  [passMessages.squareContactRequired]: 'phonenumber',
  [passMessages.emergencyEmailInvalid]: 'emergencyEmail',
  [passMessages.proofRequired]: 'regImgURLs',
});

/** Section 5's 'Please enter a valid email.' is also the passholder email's text: told apart by input. */
function fieldOfProblem(message: string, values: CheckoutFormValues, context: CheckoutContext) {
  if (message === passMessages.vehicleRequired) return context.isGuest ? 'plate' : 'vehicleUUID';
  // A guest whose contact section asks the full name gives the holder's name there.
  if (
    message === passMessages.holderNameRequired &&
    context.isGuest &&
    context.product.guestFieldsType === 1
  ) {
    return 'fullname';
  }
  if (message === passMessages.emailInvalid) {
    const isGuestEmailWrong =
      context.isGuest && !context.isEmailVerified && !isValidEmail(values.email.trim());
    return isGuestEmailWrong ? 'email' : 'holderEmail';
  }
  return PROBLEM_FIELDS()[message] ?? 'problem';
}

/**
 * The checkout form's schema: section 5's rules of the product (the same function the server
 * runs), then the contract's own payload schema on what would be sent, so lengths and formats
 * are refused here with the server's words.
 */
export function checkoutFormSchema(context: CheckoutContext) {
  return z.custom<CheckoutFormValues>().superRefine((typed, issues) => {
    const values = guestAnswersHolder(typed, context.isGuest);
    const { date, endDate } = checkoutTimes(values, context);
    const problem = findCheckoutProblem(context.product, {
      isGuest: context.isGuest,
      guestCode: orNull(values.guestCode),
      email: orNull(values.email),
      isEmailVerified: context.isEmailVerified,
      date,
      endDate,
      hasVehicle: context.isGuest ? values.plate.trim().length > 0 : values.vehicleUUID.length > 0,
      holder: {
        name: orNull(values.holderName),
        label: orNull(values.holderLabel),
        email: orNull(values.holderEmail),
        address1: orNull(values.holderAddress1),
        city: orNull(values.holderCity),
        state: orNull(values.holderState),
        zip: orNull(values.holderZip),
        country: orNull(values.holderCountry),
        phone: orNull(values.phonenumber),
        buildingBusiness: orNull(values.buildingBusiness),
        lotName: orNull(values.lotName),
        emergencyName: orNull(values.emergencyName),
        emergencyEmail: orNull(values.emergencyEmail),
        emergencyNumber: orNull(values.emergencyNumber),
      },
      formFields: values.formFields,
      proofCount: values.regImgURLs.length,
    });
    if (problem?.message === passMessages.labelAndAddressRequired) {
      // Part 2 section 5: the label-and-address type blocks without a message; the blank inputs
      // are marked (and the first focused). The server keeps its 400 sentence.
      for (const [field, value] of labelAndAddressInputs(values, context)) {
        if (!value.trim()) issues.addIssue({ code: 'custom', path: [field], message: MARK_WITHOUT_MESSAGE });
      }
      return;
    }
    if (problem) {
      issues.addIssue({
        code: 'custom',
        path: [fieldOfProblem(problem.message, values, context)],
        message: problem.message,
      });
      return;
    }
    const payload = context.isGuest
      ? checkoutPayloadSchema.safeParse(
          toCheckoutPayload(values, context, {
            subdomain: 'x',
            customerUUID: null,
            emailVerificationToken: null,
          }),
        )
      : issuePayloadSchema.safeParse(toIssuePayload(values, context));
    if (!payload.success) {
      for (const issue of payload.error.issues) {
        const [first] = issue.path;
        const field = first === 'vehicle' ? issue.path[1] : first;
        const path = typeof field === 'string' && field in values ? field : 'problem';
        issues.addIssue({ code: 'custom', path: [path], message: issue.message });
      }
    }
  });
}
