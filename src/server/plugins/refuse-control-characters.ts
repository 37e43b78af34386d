import type { FastifyInstance } from 'fastify';
import { findControlCharacterPath } from '../../shared/rules/control-characters';
import { AppError } from '../errors';
import { withLocale } from './request-language';
import { describeInvisibleCharacter } from './validation-message';

const PARTS = ['params', 'query', 'body'] as const;

/**
 * One check for every route: no string of a request's path parameters, query or body may carry a
 * control character (a NUL makes PostgreSQL fail the query; the others have no place in text).
 * Registered once on the root, before any route, so no route can forget it; the answer is a 400
 * naming the field, before the route's own schema or handler runs.
 */
export function refuseControlCharacters(app: FastifyInstance): void {
  // Callback style: it runs on every request, and an async hook costs each one a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of PARTS) {
      const path = findControlCharacterPath(request[part]);
      if (path === null) continue;
      const refused = withLocale(request.locale, () => describeInvisibleCharacter(path));
      done(new AppError(400, 'bad_request', refused.message, refused.field));
      return;
    }
    done();
  });
}
