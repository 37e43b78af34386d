import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  compileResponseSchema,
  contractSerializerCompiler,
  ResponseContractError,
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

  it('falls back to zod for a schema JSON Schema cannot express', () => {
    const transformed = z.object({ plate: z.string().transform((plate) => plate.toUpperCase()) });
    expect(serialiserFor(true, transformed)({ plate: 'abc' })).toBe('{"plate":"ABC"}');
  });
});
