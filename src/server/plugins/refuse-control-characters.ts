import type { FastifyInstance } from 'fastify';
import { findControlCharacterPath } from '../../shared/rules/control-characters';
import { AppError } from '../errors';

const PARTS = [
  ['params', 'path'],
  ['query', 'query'],
  ['body', 'body'],
] as const;

/**
 * One check for every route: no string of a request's path parameters, query or body may carry a
 * control character (a NUL makes PostgreSQL fail the query; the others have no place in text).
 * Registered once on the root, before any route, so no route can forget it; the answer is a 400
 * naming the field, before the route's own schema or handler runs.
 */
export function refuseControlCharacters(app: FastifyInstance): void {
  // Callback style: it runs on every request, and an async hook costs each one a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, label] of PARTS) {
      const path = findControlCharacterPath(request[part]);
      if (path === null) continue;
      const field = path ? ` field '${path}'` : '';
      done(
        new AppError(400, 'bad_request', `Invalid ${label}${field}: must not contain control characters.`),
      );
      return;
    }
    done();
  });
}
