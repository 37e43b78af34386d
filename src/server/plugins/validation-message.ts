import { translateEnglish } from '../../shared/i18n/catalogue';
import { fillMessage } from '../../shared/messages/fill';
import {
  fieldLabelMessages,
  validationMessages as m,
  RULE_OF_CONTRACT_TEXT,
  validationRuleMessages,
} from '../../shared/messages/input-errors';

/** One schema failure as fastify-type-provider-zod reports it: zod's issue, code as `keyword`. */
export interface SchemaIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** What a person reads, and the field's path (`scans.2.plate`) that clients keep for themselves. */
export interface RefusedInput {
  message: string;
  field?: string;
}

/**
 * A whole sentence (capital first, full stop last) is a message written for the person, such as
 * the spec's 'Please fill out all fields before updating.': it is the answer's text alone. Zod's
 * own messages ('Invalid input: expected string') and the contracts' fragments ('must be at most
 * 200 characters') never end with a stop.
 */
const isSentence = (text: string) => /^\p{Lu}/u.test(text) && /[.!?]$/.test(text);

/** The field a path names: its last part that is not a list position (`scans.2.plate` → plate). */
function fieldNameOf(path: string): string | undefined {
  return path
    .split('.')
    .filter((part) => part !== '' && !/^\d+$/.test(part))
    .at(-1);
}

function labelOf(name: string | undefined): string | undefined {
  if (!name || !Object.hasOwn(fieldLabelMessages, name)) return undefined;
  return fieldLabelMessages[name as keyof typeof fieldLabelMessages];
}

const number = (value: unknown) =>
  typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';

/** The sentence for a structural rule (zod's issue code and its limits), with the field's label. */
function structuralMessage(issue: SchemaIssue, field: string, isAbsent: boolean): string {
  const params = issue.params ?? {};
  const origin = params.origin;
  switch (issue.keyword) {
    case 'invalid_type': {
      // A key that is missing: seen in what was sent, or in zod's own words when a contract's
      // message does not replace them.
      if (isAbsent || /received undefined/.test(issue.message ?? ''))
        return fillMessage(m.required, { field });
      const expected = params.expected;
      if (expected === 'number' || expected === 'int' || expected === 'bigint')
        return fillMessage(m.notANumber, { field });
      if (expected === 'string') return fillMessage(m.notText, { field });
      if (expected === 'boolean') return fillMessage(m.notYesOrNo, { field });
      if (expected === 'array') return fillMessage(m.notAList, { field });
      return fillMessage(m.notValid, { field });
    }
    case 'too_small': {
      const minimum = number(params.minimum);
      if (origin === 'string')
        return minimum === '1'
          ? fillMessage(m.required, { field })
          : fillMessage(m.textTooShort, { field, minimum });
      if (origin === 'array' || origin === 'set')
        return minimum === '1'
          ? fillMessage(m.chooseOne, { field })
          : fillMessage(m.tooFewItems, { field, minimum });
      return params.inclusive === false
        ? fillMessage(m.numberNotAbove, { field, minimum })
        : fillMessage(m.numberTooSmall, { field, minimum });
    }
    case 'too_big': {
      const maximum = number(params.maximum);
      if (origin === 'string') return fillMessage(m.textTooLong, { field, maximum });
      if (origin === 'array' || origin === 'set') return fillMessage(m.tooManyItems, { field, maximum });
      return params.inclusive === false
        ? fillMessage(m.numberNotBelow, { field, maximum })
        : fillMessage(m.numberTooBig, { field, maximum });
    }
    case 'not_multiple_of':
      return fillMessage(m.notWholeNumber, { field });
    case 'invalid_format': {
      const format = params.format;
      if (format === 'email') return fillMessage(m.notEmail, { field });
      if (format === 'url') return fillMessage(m.notWebAddress, { field });
      if (format === 'uuid' || format === 'guid') return fillMessage(m.notAReference, { field });
      if (format === 'date' || format === 'datetime') return fillMessage(m.notADate, { field });
      return fillMessage(m.notValid, { field });
    }
    case 'invalid_value':
      return fillMessage(m.notAChoice, { field });
    case 'unrecognized_keys':
      return fillMessage(m.notTaken, { field });
    default:
      return fillMessage(m.notValid, { field });
  }
}

/**
 * The answer to a value the contract refuses (issue 33): a sentence in the request's language —
 * the contract's own sentence, its rule completed with the field's label, or the sentence for
 * zod's rule — and the field's path for clients. Never zod's or the contract's developer words.
 */
export function describeRefusedInput(
  issue: SchemaIssue | undefined,
  sent?: { value: unknown },
): RefusedInput {
  if (!issue) return { message: m.unreadable };
  const keys =
    issue.keyword === 'unrecognized_keys' ? (issue.params?.keys as unknown[] | undefined) : undefined;
  const path = [issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '', keys?.[0]]
    .filter((part) => typeof part === 'string' && part !== '')
    .join('.');
  const field = path || undefined;
  const detail = issue.message ?? '';
  // The contract's own sentence (the spec's texts among them), in the request's language.
  if (isSentence(detail)) return { message: translateEnglish(detail), ...(field ? { field } : {}) };
  const label = labelOf(fieldNameOf(path));
  // The whole request (a body that is not an object, a rule across fields with no path).
  if (!label) return { message: keys ? m.unreadable : m.checkAndRetry, ...(field ? { field } : {}) };
  const rule = RULE_OF_CONTRACT_TEXT[detail];
  const message = rule
    ? fillMessage(m.rule, { field: label, rule: validationRuleMessages[rule] })
    : structuralMessage(issue, label, sent !== undefined && valueAt(sent.value, path) === undefined);
  return { message: capitalise(message), field: path };
}

/** The value at a dotted path (`scans.2.plate`) of what was sent; undefined where there is none. */
function valueAt(root: unknown, path: string): unknown {
  let value = root;
  for (const part of path.split('.').filter(Boolean)) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A label at the start of a sentence in a language that puts it first. */
const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The answer to a control character (a NUL, an escape) in a field, before any schema runs. */
export function describeInvisibleCharacter(path: string): RefusedInput {
  const label = labelOf(fieldNameOf(path));
  if (!label) return { message: m.unreadable, ...(path ? { field: path } : {}) };
  return { message: capitalise(fillMessage(m.invisibleCharacters, { field: label })), field: path };
}

/** A zod issue in the shape fastify-type-provider-zod hands the error handler. */
export function schemaIssueOf(issue: { code: string; path: PropertyKey[]; message: string }): SchemaIssue {
  const { code, path, message, ...params } = issue;
  return { keyword: code, instancePath: `/${path.map(String).join('/')}`, message, params };
}
