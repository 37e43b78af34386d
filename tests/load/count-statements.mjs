// Preloaded into a server by tests/load/issuing-turnabout.ts (`node --import`): counts every
// statement the server sends to PostgreSQL through pg's Client (the pools' and the email
// worker's alike, BEGIN and COMMIT included) and keeps the count in STATEMENT_COUNT_FILE, which
// the harness reads before and after each round. pg's public prototype is wrapped, not its internals.
import { appendFileSync, renameSync, writeFileSync } from 'node:fs';
import pg from 'pg';

let statements = 0;
const query = pg.Client.prototype.query;
/** With STATEMENT_LOG_FILE, each statement's first words are appended there too, to see which they are. */
const log = process.env.STATEMENT_LOG_FILE;
pg.Client.prototype.query = function countedQuery(...args) {
  statements += 1;
  if (log) {
    const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
    appendFileSync(log, `${String(text).replace(/\s+/g, ' ').slice(0, 100)}\n`);
  }
  return query.apply(this, args);
};
const file = process.env.STATEMENT_COUNT_FILE;
// Written aside and renamed, so a reader never sees a half-written file.
const save = () => {
  writeFileSync(`${file}.next`, String(statements));
  renameSync(`${file}.next`, file);
};
if (file) setInterval(save, 100).unref();
