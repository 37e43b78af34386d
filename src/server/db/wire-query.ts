import pg from 'pg';

/** The parts of pg's connection that the app's queries rely on (pg 8, untyped). */
export interface WireConnection {
  parsedStatements: Record<string, string | undefined>;
  bind(config: { statement?: string; values: unknown[] }): void;
  execute(config: { portal?: string }): void;
}

export type QueryCallback = (error: Error | null, result?: unknown) => void;

/** pg's Query, with the methods its Client calls on it (they exist, @types/pg leaves them out). */
export interface QueryInternals {
  text?: string;
  callback?: QueryCallback;
  requiresPreparation(): boolean;
  submit(connection: WireConnection): Error | null;
  prepare(connection: WireConnection): void;
  handleRowDescription(message: RowDescription): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: WireConnection): void;
  handleError(error: Error, connection: WireConnection): void;
  handleReadyForQuery(connection: WireConnection): void;
}

interface RowDescription {
  fields: { dataTypeID: number; format?: 'text' | 'binary' }[];
}

/** What a query's result keeps of its row description (pg 8's Result, untyped). */
interface ResultInternals {
  rowAsArray: boolean;
  fields: unknown[];
  _parsers: unknown[] | undefined;
  _types: { getTypeParser(oid: number, format: string): unknown } | undefined;
}

const PgQuery = pg.Query as unknown as new (config: unknown, values?: unknown) => QueryInternals;
const PgResult = (pg as unknown as { Result: new (rowMode: unknown, types: unknown) => ResultInternals })
  .Result;

/** A query config as an object: what pg's Query constructor reads from it. */
interface QueryConfigObject {
  text: string;
  values?: unknown[];
  name?: string;
  rows?: number;
  types?: unknown;
  queryMode?: string;
  binary?: boolean;
  portal?: string;
  rowMode?: string;
  callback?: QueryCallback;
}

/** The fields pg's Query constructor sets from its config (pg 8, untyped). */
interface QueryFields extends Omit<QueryConfigObject, 'rowMode'> {
  _rowMode: string | undefined;
  _result: ResultInternals;
  _results: ResultInternals;
}

const isConfigObject = (config: unknown): config is QueryConfigObject =>
  typeof config === 'object' && config !== null && typeof (config as { text?: unknown }).text === 'string';

/**
 * pg's Query, minus one cost for rows read as arrays. For every query, pg's Result turns the row
 * description into an empty object row (filled field by field on an object with no prototype,
 * then copied): about 23 µs for the notice search's 25 columns in one process, and about 3 % of a
 * lookup's server CPU measured side by side (docs/benchmarks.md). Only object rows start from it.
 * Rows read as arrays (Drizzle's selects, the notice search) need the fields and each field's
 * parser, so that is all this sets.
 */
export class WireQuery extends PgQuery {
  constructor(config: unknown, values?: unknown) {
    if (!isConfigObject(config)) {
      super(config, values);
      return;
    }
    // pg copies an object config with all its property descriptors before reading it
    // (normalizeQueryConfig), about 4 µs a query, near 3 % of the lookup's server CPU; a text is
    // not copied. So the text goes to pg's constructor and the rest is set as it would set it.
    super(config.text, values || config.values);
    const fields = this as unknown as QueryFields;
    fields.name = config.name;
    fields.rows = config.rows;
    fields.types = config.types;
    fields.queryMode = config.queryMode;
    fields.binary = config.binary;
    fields.portal = config.portal || '';
    if (config.callback) fields.callback = config.callback;
    fields._rowMode = config.rowMode;
    fields._result = new PgResult(config.rowMode, config.types);
    fields._results = fields._result;
  }

  override handleRowDescription(message: RowDescription): void {
    const self = this as unknown as {
      _result: ResultInternals;
      _checkForMultirow(): void;
      _accumulateRows: boolean;
      listeners(event: string): unknown[];
    };
    if (!self._result.rowAsArray) {
      super.handleRowDescription(message);
      return;
    }
    self._checkForMultirow(); // may start the next statement's result
    const result = self._result;
    const types = result._types ?? pg.types;
    result.fields = message.fields;
    result._parsers = message.fields.map((field) =>
      types.getTypeParser(field.dataTypeID, field.format || 'text'),
    );
    self._accumulateRows = Boolean(this.callback) || self.listeners('row').length === 0;
  }
}

/** Whether pg would run `config` as a plain query whose rows are arrays. */
export function readsArrayRows(config: unknown): boolean {
  return (
    typeof config === 'object' &&
    config !== null &&
    typeof (config as { submit?: unknown }).submit !== 'function' &&
    (config as { rowMode?: unknown }).rowMode === 'array'
  );
}
