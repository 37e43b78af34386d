/**
 * An answer already written as JSON, for a call whose JSON is cheaper to write than to build
 * objects for (the public notice search: PostgreSQL writes each notice, decision 170). In
 * production it is sent as it is; in development and tests it is parsed and checked against the
 * route's contract like any other answer (response-serializer.ts), so the suites still prove it.
 * `T` is the answer it stands for, so a handler's type still says what the call returns.
 */
export class JsonAnswer<T> {
  declare readonly answers?: T;

  constructor(readonly json: string) {}

  /** A JSON array of elements each already written as JSON. */
  static ofArray<Element>(elements: readonly JsonAnswer<Element>[]): JsonAnswer<Element[]> {
    let json = '[';
    for (let i = 0; i < elements.length; i++) json += (i === 0 ? '' : ',') + elements[i]!.json;
    return new JsonAnswer(`${json}]`);
  }

  /** A JSON object with more fields: `extra`'s, written after the object's own. */
  static extend<Base, Extra extends object>(
    object: JsonAnswer<Base>,
    extra: Extra,
  ): JsonAnswer<Base & Extra> {
    const fields = JSON.stringify(extra);
    if (fields === '{}') return object as JsonAnswer<Base & Extra>;
    const base = object.json.slice(0, -1);
    return new JsonAnswer(`${base}${base === '{' ? '' : ','}${fields.slice(1)}`);
  }
}
