import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/** An answer its contract does not allow: a bug on our side, never sent (a 500 instead). */
export class ResponseContractError extends Error {
  constructor(method: string, url: string, cause: unknown) {
    super(`The answer of ${method} ${url} does not match its contract.`, { cause });
    this.name = 'ResponseContractError';
  }
}

type Serialise = (data: unknown) => string;

/**
 * The contract's response schema compiled to a serializer (fast-json-stringify, as Fastify does
 * for JSON Schema routes): it writes the fields the contract names and no others, without zod's
 * walk over the answer. A schema JSON Schema cannot express (a transform) has none.
 */
export function compileResponseSchema(schema: z.ZodType): Serialise | null {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
  } catch {
    return null;
  }
}

/** zod's check of an answer: fields the contract does not name are dropped, a wrong type throws. */
function validated(schema: z.ZodType, method: string, url: string): Serialise {
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseContractError(method, url, result.error);
    return JSON.stringify(result.data);
  };
}

/**
 * How answers are written (decision 162):
 * - in production, by the compiled serializer: the same JSON for a tenth of the CPU of checking
 *   each answer with zod (docs/benchmarks.md);
 * - in development and tests, checked with zod, and written by the compiled serializer too: the
 *   two must agree on every answer the test suites produce, so what production sends is what the
 *   contract says. A disagreement is a ResponseContractError.
 * zod parses rather than encodes (fastify-type-provider-zod's way): no contract uses a codec, and
 * encoding three notices cost 64 µs against 35 µs to parse them.
 */
export function contractSerializerCompiler(options: {
  production: boolean;
  /** How a schema is compiled (tests of the cross-check swap it). */
  compile?: (schema: z.ZodType) => Serialise | null;
}): FastifySerializerCompiler<z.ZodType> {
  const compile = options.compile ?? compileResponseSchema;
  return ({ schema, method, url }) => {
    const compiled = compile(schema);
    const checked = validated(schema, method, url);
    if (!compiled) return checked;
    if (options.production) return compiled;
    return (data) => {
      const json = checked(data);
      let compiledJson: string;
      try {
        compiledJson = compiled(data);
      } catch (error) {
        throw new ResponseContractError(method, url, error);
      }
      if (!isDeepStrictEqual(JSON.parse(compiledJson), JSON.parse(json))) {
        throw new ResponseContractError(
          method,
          url,
          new Error(
            `the compiled serializer wrote ${compiledJson.slice(0, 300)} where zod wrote ${json.slice(0, 300)}`,
          ),
        );
      }
      return json;
    };
  };
}
