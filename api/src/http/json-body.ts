// The JSON body parser: fastify's own (secure-json-parse, which refuses a `__proto__` key and a
// `constructor` key holding `prototype`, so no body can poison an object's prototype), with that
// refusal told apart from a body that is not JSON at all: both were "not valid JSON", which
// does not tell the sender of valid JSON what to change.
import type { FastifyInstance } from 'fastify';
import { validationError } from '../errors.js';

const FORBIDDEN_KEY_MESSAGE =
  'The request body has a key named __proto__, or a constructor key holding prototype, which is not accepted. Remove or rename it.';

function isJson(body: string): boolean {
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const body = raw as string; // parseAs: 'string'
    void parse(request, body, (error, value) => {
      // Only a refused body is parsed again, to learn why it was refused.
      if (error && isJson(body)) done(validationError(FORBIDDEN_KEY_MESSAGE), undefined);
      else done(error, value);
    });
  });
}
