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
    return fastJsonStringify(withNullableFields(jsonSchema) as Parameters<typeof fastJsonStringify>[0]);
  } catch {
    return null;
  }
}

type SchemaNode = { [keyword: string]: unknown };

const isSchemaNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNullSchema = (value: unknown) =>
  isSchemaNode(value) && value.type === 'null' && Object.keys(value).length === 1;

/**
 * zod writes a nullable field as `anyOf: [its schema, { type: 'null' }]`, and fast-json-stringify
 * writes an anyOf by running a JSON Schema validator on the value to pick the branch: for every
 * nullable field of every notice, the uuid and date-time formats' regular expressions included
 * (docs/benchmarks.md). `nullable: true`, which it also reads, says the same with a null check.
 */
export function withNullableFields(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullableFields);
  if (!isSchemaNode(schema)) return schema;
  const node: SchemaNode = Object.fromEntries(
    Object.entries(schema).map(([keyword, value]) => [keyword, withNullableFields(value)]),
  );
  const { anyOf, ...rest } = node;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return node;
  const nullAt = anyOf.findIndex(isNullSchema);
  const other: unknown = anyOf[1 - nullAt];
  if (nullAt === -1 || !isSchemaNode(other) || ['$ref', 'anyOf', 'oneOf', 'allOf'].some((k) => k in other)) {
    return node;
  }
  return { ...rest, ...other, nullable: true };
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
