import { appealMessages } from '../messages/appeals';
import { fillMessage } from '../messages/fill';

export interface AppealFormValues {
  name: string;
  email: string;
  phoneNumber: string;
  address: string;
  reason: string;
}

export type AppealFormField = keyof AppealFormValues;

/** A plain address check: something@something.tld, no spaces (part 1 section 5, 'standard address pattern'). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isBlank = (value: string) => value.trim() === '';

/** The spec's order: the first field that fails is the one reported. */
const CHECKS = (): Array<{
  field: AppealFormField;
  isValid: (value: string) => boolean;
  message: string;
}> => [
  { field: 'name', isValid: (value) => !isBlank(value), message: appealMessages.enterName },
  {
    field: 'email',
    isValid: (value) => EMAIL_PATTERN.test(value.trim()),
    message: appealMessages.enterEmail,
  },
  { field: 'phoneNumber', isValid: (value) => !isBlank(value), message: appealMessages.enterPhone },
  { field: 'address', isValid: (value) => !isBlank(value), message: appealMessages.enterAddress },
  { field: 'reason', isValid: (value) => !isBlank(value), message: appealMessages.enterReason },
];

/** The first problem with an appeal form, in the spec's order, or null. Used by browser and server alike. */
export function findAppealFormProblem(
  values: AppealFormValues,
): { field: AppealFormField; message: string } | null {
  for (const check of CHECKS()) {
    if (!check.isValid(values[check.field] ?? '')) return { field: check.field, message: check.message };
  }
  return null;
}

/** 'Attach Proof Photo (n/4)'. */
export function attachPhotoLabel(count: number): string {
  return fillMessage(appealMessages.attachPhoto, { n: count });
}
