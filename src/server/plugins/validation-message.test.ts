import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEVELOPER_TEXT } from '../../../tests/support/developer-text';
import { allRouteContracts } from '../../../tests/support/route-contracts';
import { fieldLabelMessages, RULE_OF_CONTRACT_TEXT } from '../../shared/messages/input-errors';
import { passMessages } from '../../shared/messages/passes';
import { withLocale } from './request-language';
import { describeRefusedInput, type SchemaIssue } from './validation-message';

/** The first issue of a value a schema refuses, as fastify-type-provider-zod hands it over. */
function issueOf(schema: z.ZodType, value: unknown): SchemaIssue {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a refusal');
  const { code, path, message, ...params } = result.error.issues[0]!;
  return { keyword: code, instancePath: `/${path.join('/')}`, message, params };
}

describe('the answer to a refused input', () => {
  it('reads the contract’s rule as a sentence with the field’s label, and keeps the field', () => {
    const dates = z.object({ chosenEndDate: z.string() }).superRefine((_, context) => {
      context.addIssue({ code: 'custom', path: ['chosenEndDate'], message: 'must be after the start date' });
    });
    expect(describeRefusedInput(issueOf(dates, { chosenEndDate: 'x' }))).toEqual({
      message: 'The end date must be after the start date.',
      field: 'chosenEndDate',
    });
  });

  it("answers a sentence written for the person alone, as the spec's text", () => {
    const schema = z.object({ formFields: z.string().min(1, passMessages.customFieldsUpdateRequired) });
    expect(describeRefusedInput(issueOf(schema, { formFields: '' })).message).toBe(
      'Please fill out all fields before updating.',
    );
  });

  it('asks for a missing field even where the contract’s message replaces zod’s words', () => {
    const schema = z.strictObject({ permitIssuedUUID: z.uuid({ message: 'must be a valid UUID' }) });
    const sent = { bogus: 1 };
    expect(describeRefusedInput(issueOf(schema, sent), { value: sent })).toEqual({
      message: 'Please enter the pass.',
      field: 'permitIssuedUUID',
    });
    // Sent, but not text: that is what it says.
    const wrong = { permitIssuedUUID: 3 };
    expect(describeRefusedInput(issueOf(schema, wrong), { value: wrong }).message).toBe(
      'The pass must be text.',
    );
  });

  it('turns zod’s own rules into sentences, never its words', () => {
    const cases: Array<[z.ZodType, unknown, string]> = [
      [z.object({ email: z.email() }), {}, 'Please enter the email address.'],
      [
        z.object({ email: z.email() }),
        { email: 'x' },
        'The email address must be an email address, such as name@example.com.',
      ],
      [
        z.object({ name: z.string().max(2) }),
        { name: 'long' },
        'The name must be at most 2 characters long.',
      ],
      [z.object({ amount: z.number().int().min(3) }), { amount: 1 }, 'The amount must be at least 3.'],
      [z.object({ amount: z.number() }), { amount: 'a' }, 'The amount must be a number.'],
      [
        z.object({ productUUID: z.uuid() }),
        { productUUID: 'x' },
        'The pass product does not name anything in this portal.',
      ],
      [z.object({ role: z.enum(['a', 'b']) }), { role: 'c' }, 'The role must be one of the choices offered.'],
      [
        z.object({ uuids: z.array(z.string()).min(1) }),
        { uuids: [] },
        'Please choose at least one for the selected records.',
      ],
      [
        z.strictObject({ name: z.string() }),
        { name: 'x', isAdmin: true },
        'What was sent could not be read. Please check the form and try again.',
      ],
      [
        z.object({ scans: z.array(z.object({ plate: z.string() })) }),
        { scans: [{ plate: 1 }] },
        'The license plate must be text.',
      ],
    ];
    for (const [schema, value, expected] of cases) {
      const answer = describeRefusedInput(issueOf(schema, value));
      expect(answer.message).toBe(expected);
      expect(answer.message).not.toMatch(DEVELOPER_TEXT);
    }
    expect(
      describeRefusedInput(
        issueOf(z.object({ scans: z.array(z.object({ plate: z.string() })) }), { scans: [{}] }),
      ),
    ).toMatchObject({ field: 'scans.0.plate' });
  });

  it('answers in the request’s language', () => {
    const schema = z.object({ endDate: z.string() });
    expect(withLocale('fr', () => describeRefusedInput(issueOf(schema, {})).message)).toBe(
      'Veuillez remplir le champ « date de fin ».',
    );
    expect(withLocale('es', () => describeRefusedInput(issueOf(schema, {})).message)).toBe(
      'Complete el campo «fecha de fin».',
    );
  });
});

/** Every key of the objects a schema may hold, however deep (options, lists, pipes). */
function fieldNames(schema: unknown, into = new Set<string>(), depth = 0): Set<string> {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || depth > 12) return into;
  const inner = (value: unknown) => fieldNames(value, into, depth + 1);
  switch (def.type) {
    case 'object':
      for (const [name, value] of Object.entries(def.shape as Record<string, unknown>)) {
        into.add(name);
        inner(value);
      }
      break;
    case 'array':
      inner(def.element);
      break;
    case 'pipe':
      inner(def.in);
      inner(def.out);
      break;
    case 'union':
      for (const option of def.options as unknown[]) inner(option);
      break;
    case 'intersection':
      inner(def.left);
      inner(def.right);
      break;
    case 'record':
      inner(def.valueType);
      break;
    default:
      if ('innerType' in def) inner(def.innerType);
  }
  return into;
}

describe('the catalogue covers the contracts', () => {
  it('gives every field of every contract a human label', () => {
    const names = new Set<string>();
    for (const { contract } of allRouteContracts()) {
      for (const part of [contract.params, contract.query, contract.body]) fieldNames(part, names);
    }
    expect([...names].filter((name) => !Object.hasOwn(fieldLabelMessages, name))).toEqual([]);
  });

  it('knows the rule of every contract text it maps', () => {
    for (const rule of Object.values(RULE_OF_CONTRACT_TEXT)) expect(typeof rule).toBe('string');
  });
});
