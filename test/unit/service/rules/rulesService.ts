import assert from 'node:assert/strict';
import type { InProcessService, RawAnswer } from '../../../support/testService';
import { jsonBody } from '../../../support/testService';

/** A price list's rules: a name, and a price that is a number ≥ 0. */
export const PRICE_RULES = {
  $jsonSchema: {
    bsonType: 'object',
    required: ['name', 'price'],
    properties: { name: { bsonType: 'string' }, price: { bsonType: 'number', minimum: 0 } },
  },
};

/** Requests of the rules' contract tests against one service, on one database. */
export class RulesCalls {
  constructor(
    private readonly running: InProcessService,
    readonly db: string,
  ) {}

  path = (col: string, rest = ''): string => `/databases/${this.db}/collections/${col}${rest}`;

  async json(method: string, path: string, body?: unknown): Promise<RawAnswer> {
    return this.running.raw(method, path, body === undefined ? {} : { body: jsonBody(body) });
  }

  async ok(method: string, path: string, body?: unknown): Promise<RawAnswer> {
    const answer = await this.json(method, path, body);
    assert.equal(answer.status, 200, `${method} ${path}: ${answer.text}`);
    return answer;
  }

  async createDatabase(name = this.db): Promise<void> {
    await this.ok('POST', '/databases', { name, slug: 'sandbox' });
  }

  async createCollection(col: string, rules?: Record<string, unknown>, docs: Record<string, unknown>[] = []): Promise<void> {
    await this.ok('POST', `/databases/${this.db}/collections`, { name: col });
    for (const document of docs) await this.ok('POST', this.path(col, '/documents'), { document, safe: true });
    if (rules) await this.ok('PUT', this.path(col), rules);
  }

  insert = (col: string, document: Record<string, unknown>) => this.json('POST', this.path(col, '/documents'), { document, safe: true });

  update = (col: string, id: string, document: Record<string, unknown>) =>
    this.json('PUT', this.path(col, `/documents/${id}`), { document, safe: true });

  bulk = (col: string, body: Record<string, unknown>) => this.json('PUT', this.path(col, '/documents'), { ...body, safe: true });

  async documents(col: string, db = this.db): Promise<Record<string, unknown>[]> {
    const answer = await this.ok('GET', `/databases/${db}/collections/${col}/documents?limit=100&sort=${encodeURIComponent('{"_id":1}')}`);
    return answer.json as Record<string, unknown>[];
  }

  async stats(col: string, db = this.db): Promise<Record<string, unknown>> {
    return (await this.ok('GET', `/databases/${db}/collections/${col}`)).json as Record<string, unknown>;
  }
}

/** A refused write: a 400 whose error leads with the cause and names the rule, with the violations beside it. */
export function assertRefused(answer: RawAnswer, message: string, rule: string): void {
  assert.equal(answer.status, 400, answer.text);
  const body = answer.json as { error: string; violations: { path: string; rule: string; message: string }[] };
  assert.ok(body.error.startsWith(`${message} (rule: ${rule}`), body.error);
  assert.match(body.error, /nothing was written$/);
  assert.equal(body.violations[0].rule, rule);
  assert.equal(body.violations[0].message, message);
}
