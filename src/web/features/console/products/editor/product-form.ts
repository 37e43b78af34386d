import type { UseFormReturnType } from '@mantine/form';
import type { ConsoleProduct, ProductEditorInput } from '../../../../../shared/contract';
import { fromLocalWallTime, toLocalWallTime } from '../../../../../shared/format';

/** The product editor's form, which every section edits a part of. */
export type ProductForm = UseFormReturnType<ProductEditorInput>;

/** What each section is given: the form it edits a part of. */
export interface SectionProps {
  form: ProductForm;
}

export const NEW_PRODUCT: ProductEditorInput = {
  name: '',
  description: null,
  amount: 0,
  billingType: 'ONE TIME',
  billingPeriod: 'NONE',
  permitDuration: 1,
  permitDurationUnit: 'DAY',
  timeSelectionType: 1,
  chosenDate: null,
  chosenEndDate: null,
  advancedType: 0,
  isAutoApproved: true,
  isEmailVerify: false,
  isSignupCodeRequired: false,
  isRegImgRequired: false,
  needsGuestCode: false,
  guestFieldsType: 1,
  guestNeedsPermitHolderInfo: false,
  isMinPermitHolderInfo: false,
  labelDescriptor: 'None',
  documentUploadCopy: null,
  isPlateOnly: false,
  footerCopy: null,
  footerCopyAboveCheckout: null,
  formFields: [],
  images: [],
  isVisitorOnly: false,
  isBusinessProduct: false,
  capacity: null,
  maxVehiclesPerPermit: 1,
  maxActiveVehiclesPerPermit: 1,
  canEditTimes: false,
  residencyRule: null,
  hasWaitlist: false,
  waitlistOfferHours: 48,
  allowsExtension: false,
  rules: {
    salesStart: null,
    salesEnd: null,
    weekdays: null,
    hoursFrom: null,
    hoursTo: null,
    dailyWindow: null,
    blackoutDates: [],
    quota: null,
  },
  isArchived: false,
};

/** The editor's values of a stored product (the counts and ids stay behind). */
export function editorValuesOf(product: ConsoleProduct): ProductEditorInput {
  const {
    uuid: _uuid,
    currency: _currency,
    heldCount: _held,
    unusedCodeCount: _unused,
    usedCodeCount: _used,
    updatedAt: _at,
    ...values
  } = product;
  return values as ProductEditorInput;
}

/** An instant as a datetime-local value in the tenant's zone, and back. */
export const toLocalInput = (instant: string | null | undefined, timeZone: string) =>
  instant ? toLocalWallTime(new Date(instant), timeZone).slice(0, 16) : '';
export const fromLocalInput = (value: string, timeZone: string) =>
  value ? fromLocalWallTime(value, timeZone).toISOString() : null;

/** A nullable text field's input props (an empty input for null). */
export function textProps(form: ProductForm, path: string) {
  const props = form.getInputProps(path);
  return { ...props, value: (props.value as string | null) ?? '' };
}
