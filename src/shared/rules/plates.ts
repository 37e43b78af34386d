import { z } from 'zod';
import { fillMessage } from '../messages/fill';
import { plateMessages } from '../messages/plates';

/**
 * One canonical form of a licence plate, used for every match (plate checks, notice search, saved
 * vehicles, duplicates, scans, reports): upper-case, with the separators people type between a
 * plate's groups (spaces, dashes, dots) removed, so `ab c-12 3`, `ABC-123` and `AB C123` meet.
 * The database computes the same form (canonical_plate() of migration 1000, decision 174).
 */
const PLATE_SEPARATORS = /[\s.\-‐-―−·]+/gu;

export function canonicalPlate(value: string | null | undefined): string {
  return (value ?? '').normalize('NFKC').replace(PLATE_SEPARATORS, '').toLocaleUpperCase('en-US');
}

/** The database keeps a plate (as typed, and so its canonical form) to 16 characters. */
export const MAX_PLATE_LENGTH = 16;

/**
 * Letters and digits of any script (with the marks some scripts write them with), and the
 * separators canonicalPlate removes; spaces only as spaces, not tabs or line breaks.
 */
const PLATE_CHARACTERS = /^[\p{L}\p{M}\p{N}\p{Zs}.\-‐-―−·]*$/u;

/** A plate: only plate characters, and at least one letter or digit. */
export function isWellFormedPlate(value: string): boolean {
  return PLATE_CHARACTERS.test(value) && canonicalPlate(value) !== '';
}

/** The plate as the person typed it, kept where the spec shows it: trimmed and upper-cased. */
export function typedPlate(value: string): string {
  return value.trim().toLocaleUpperCase('en-US');
}

/**
 * The plate field every contract that takes a plate reuses: the typed plate (trimmed,
 * upper-cased as the spec's forms do), refused with the plate message when it is not a plate.
 * `required` is the message for an empty one; without it an empty plate passes as ''.
 */
export function plateFieldSchema(options: { required?: string } = {}) {
  return z
    .string()
    .max(64, fillMessage(plateMessages.plateTooLong, { max: MAX_PLATE_LENGTH }))
    .transform(typedPlate)
    .refine((value) => value !== '' || options.required === undefined, options.required)
    .refine((value) => value === '' || isWellFormedPlate(value), plateMessages.plateInvalid)
    .refine(
      (value) => value.length <= MAX_PLATE_LENGTH,
      fillMessage(plateMessages.plateTooLong, { max: MAX_PLATE_LENGTH }),
    );
}

/** A plate a caller looks up (a plate check, a report's filter): compared in canonical form. */
export function canonicalPlateFieldSchema(options: { required?: string } = {}) {
  return plateFieldSchema(options).transform(canonicalPlate);
}
