import { randomUUID } from 'node:crypto';
import type { z } from 'zod';

/** Values that satisfy most fields of our contracts, tried in order (dates before free text). */
const CANDIDATES: unknown[] = [
  '2026-11-20',
  'Sample text',
  'sample@example.com',
  randomUUID(),
  'ABC123',
  true,
  1,
  100,
  [],
  null,
  undefined,
];

/**
 * A value the schema accepts, found without knowing its type: for an object, each field's first
 * candidate that its own schema accepts (recursing into nested objects); otherwise the first
 * candidate the whole schema accepts. Undefined when none fits: the caller then knows the input
 * may be refused for its shape.
 */
export function sampleInput(schema: z.ZodType): unknown {
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape;
  if (shape) {
    const value = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, sampleInput(field)]));
    return schema.safeParse(value).success ? value : undefined;
  }
  return CANDIDATES.find((candidate) => schema.safeParse(candidate).success);
}
