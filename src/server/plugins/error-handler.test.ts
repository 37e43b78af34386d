import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { passMessages } from '../../shared/messages/passes';
import { validationMessage } from './error-handler';

/** The first issue's message of a value a schema refuses, as zod writes it. */
function zodMessage(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a refusal');
  return result.error.issues[0]?.message ?? '';
}

describe('validationMessage', () => {
  it("answers a sentence written for the person alone, as the spec's text", () => {
    expect(validationMessage(passMessages.customFieldsUpdateRequired, 'body', 'body')).toBe(
      'Please fill out all fields before updating.',
    );
    expect(validationMessage('Your password needs to be stronger.', 'body', 'newPassword')).toBe(
      'Your password needs to be stronger.',
    );
  });

  it('names the field of a fragment, once with a full stop', () => {
    expect(validationMessage('must be at most 200 characters', 'body', 'name')).toBe(
      "Invalid body field 'name': must be at most 200 characters.",
    );
    expect(validationMessage('bad value', 'querystring', undefined)).toBe('Invalid querystring: bad value.');
  });

  it("names the field of zod's own messages, which are never sentences", () => {
    const defaults = [
      zodMessage(z.string(), 4),
      zodMessage(z.string().max(2), 'long'),
      zodMessage(z.number().min(3), 1),
      zodMessage(z.email(), 'x'),
      zodMessage(z.uuid(), 'x'),
      zodMessage(z.strictObject({ a: z.string() }), { a: 'x', b: 1 }),
      zodMessage(z.enum(['A', 'B']), 'C'),
    ];
    for (const detail of defaults) {
      expect(validationMessage(detail, 'body', 'field')).toBe(`Invalid body field 'field': ${detail}.`);
    }
  });
});
