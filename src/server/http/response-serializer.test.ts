import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler, ResponseContractError } from './response-serializer';

const serialise = contractSerializerCompiler({
  schema: z.object({ plate: z.string(), amount: z.number().int() }),
  method: 'GET',
  url: '/notices',
  httpStatus: '200',
});

describe('contract response serializer', () => {
  it('sends only the fields the contract names', () => {
    expect(serialise({ plate: 'ABC123', amount: 5000, passwordHash: 'secret' })).toBe(
      '{"plate":"ABC123","amount":5000}',
    );
  });

  it('refuses an answer of the wrong shape rather than send it', () => {
    expect(() => serialise({ plate: 'ABC123', amount: '5000' })).toThrow(ResponseContractError);
  });
});
