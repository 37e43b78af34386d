import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  compileResponseSchema,
  contractSerializerCompiler,
  ResponseContractError,
  withNullableFields,
} from './response-serializer';

const schema = z.object({ plate: z.string(), amount: z.number().int(), paidOn: z.string().nullable() });
const serialiserFor = (production: boolean, responseSchema: z.ZodType = schema) =>
  contractSerializerCompiler({ production })({
    schema: responseSchema,
    method: 'GET',
    url: '/notices',
    httpStatus: '200',
  });

describe('contract response serializer', () => {
  for (const production of [true, false]) {
    it(`sends only the fields the contract names (${production ? 'production' : 'tests'})`, () => {
      const answer = { plate: 'ABC123', amount: 5000, paidOn: null, passwordHash: 'secret' };
      expect(JSON.parse(serialiserFor(production)(answer))).toEqual({
        plate: 'ABC123',
        amount: 5000,
        paidOn: null,
      });
    });
  }

  it('refuses an answer of the wrong shape in development and tests rather than send it', () => {
    expect(() => serialiserFor(false)({ plate: 'ABC123', amount: '5000', paidOn: null })).toThrow(
      ResponseContractError,
    );
  });

  it('refuses an answer the compiled serializer would write differently from zod', () => {
    const droppingAmount = (responseSchema: z.ZodType) => {
      const compiled = compileResponseSchema(responseSchema)!;
      return (data: unknown) => compiled({ ...(data as object), amount: 0 });
    };
    const checked = contractSerializerCompiler({ production: false, compile: droppingAmount })({
      schema,
      method: 'GET',
      url: '/notices',
      httpStatus: '200',
    });
    expect(() => checked({ plate: 'ABC123', amount: 5000, paidOn: null })).toThrow(ResponseContractError);
    expect(checked({ plate: 'ABC123', amount: 0, paidOn: null })).toBe(
      '{"plate":"ABC123","amount":0,"paidOn":null}',
    );
  });

  it('writes nullable fields with a null check, not by validating each value against its format', () => {
    const nullable = z.object({
      id: z.uuid().nullable(),
      paidOn: z.iso.datetime().nullable(),
      tags: z.array(z.string()).nullable(),
      owner: z.object({ name: z.string() }).nullable(),
    });
    const compiled = compileResponseSchema(nullable)!;
    expect(compiled({ id: null, paidOn: null, tags: null, owner: null })).toBe(
      '{"id":null,"paidOn":null,"tags":null,"owner":null}',
    );
    const id = '7c16b658-9b88-4d27-83d7-1b7f3989925c';
    expect(
      JSON.parse(compiled({ id, paidOn: '2026-01-02T19:22:56.000Z', tags: ['a'], owner: { name: 'N' } })),
    ).toEqual({ id, paidOn: '2026-01-02T19:22:56.000Z', tags: ['a'], owner: { name: 'N' } });
    // Formats are zod's to check (in development and tests); an anyOf branch picked by a validator
    // would refuse this value.
    expect(compiled({ id: 'not-a-uuid', paidOn: null, tags: null, owner: null })).toContain(
      '"id":"not-a-uuid"',
    );
  });

  it('leaves unions that are more than a nullable field to the validator', () => {
    expect(withNullableFields({ anyOf: [{ type: 'string' }, { type: 'number' }] })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }],
    });
    expect(withNullableFields({ anyOf: [{ $ref: '#/definitions/x' }, { type: 'null' }] })).toEqual({
      anyOf: [{ $ref: '#/definitions/x' }, { type: 'null' }],
    });
    expect(withNullableFields({ description: 'd', anyOf: [{ type: 'null' }, { type: 'integer' }] })).toEqual({
      description: 'd',
      type: 'integer',
      nullable: true,
    });
  });

  it('falls back to zod for a schema JSON Schema cannot express', () => {
    const transformed = z.object({ plate: z.string().transform((plate) => plate.toUpperCase()) });
    expect(serialiserFor(true, transformed)({ plate: 'abc' })).toBe('{"plate":"ABC"}');
  });
});
