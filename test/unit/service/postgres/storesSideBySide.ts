import assert from 'node:assert/strict';
import type { InProcessService, RawAnswer } from '../../../support/testService';
import { startServiceInProcess } from '../../../support/testService';
import { bodyText } from './differentialCases';

/** A value written in place of the int64 2^53 + 1, which a JavaScript number cannot hold, and turned back by `bodyOf`. */
export const BIG = '__int64_9007199254740993__';

/** The request body of `value`, with `BIG` written as the exact integer. */
export const bodyOf = (value: unknown): string => bodyText(value).split(`"${BIG}"`).join('9007199254740993');

/** The path of a collection's `resource` (documents, explain) with `params` in its query string. */
export function listPath(db: string, col: string, resource: string, params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) search.set(name, typeof value === 'number' ? String(value) : bodyOf(value));
  return `/databases/${db}/collections/${col}/${resource}?${search.toString()}`;
}

/** The journal store and PostgreSQL side by side, each holding the database `db`. */
export interface StoresSideBySide {
  /** Asks both the same request and asserts the same status, count and text; gives PostgreSQL's answer. */
  both(method: string, path: string, body?: unknown): Promise<RawAnswer>;
  /** The service on PostgreSQL, once the suite's `before` has run. */
  postgres(): InProcessService;
  /** The service on the journal store, once the suite's `before` has run. */
  journal(): InProcessService;
}

/** Starts both services before the suite's tests (each with `db` made) and stops them after. */
export function storesSideBySide(key: string, db: string): StoresSideBySide {
  let journal: InProcessService;
  let postgres: InProcessService;
  before(async () => {
    journal = await startServiceInProcess({ apiKeys: [key], empty: true, store: null });
    postgres = await startServiceInProcess({ apiKeys: [key], empty: true });
    for (const service of [journal, postgres])
      assert.equal((await service.raw('POST', '/databases', { body: bodyText({ name: db, slug: 'sandbox' }) })).status, 200);
  });
  after(async () => {
    await journal?.stop();
    await postgres?.stop();
  });
  return {
    async both(method, path, body) {
      const options = body === undefined ? {} : { body: bodyOf(body) };
      const [expected, actual] = [await journal.raw(method, path, options), await postgres.raw(method, path, options)];
      const shown = (answer: RawAnswer) => `${answer.status} ${answer.headers.get('x-service-count') ?? '-'} ${answer.text}`;
      assert.equal(shown(actual), shown(expected), `${method} ${decodeURIComponent(path)} ${body === undefined ? '' : bodyOf(body)}`);
      return actual;
    },
    postgres: () => postgres,
    journal: () => journal,
  };
}
