import * as assert from 'node:assert/strict';
import type { InProcessService, RawAnswer } from '../../../support/testService';
import { errorText, startServiceInProcess } from '../../../support/testService';

export type Json = Record<string, unknown>;

/** The local service with one database of documents to aggregate, and the requests the tests send. */
export class AggregationService {
  private constructor(
    readonly running: InProcessService,
    readonly db: string,
  ) {}

  static async start(db: string, keys = ['aggregation-key-1'], options: { slowQueryMs?: number } = {}): Promise<AggregationService> {
    const running = await startServiceInProcess({ apiKeys: keys, empty: true, ...options });
    const service = new AggregationService(running, db);
    await service.createDatabase(db);
    return service;
  }

  async createDatabase(db: string, key?: string): Promise<void> {
    const created = await this.running.raw('POST', '/databases', { key, body: JSON.stringify({ name: db, slug: 'sandbox' }) });
    assert.equal(created.status, 200, created.text);
  }

  async seed(col: string, docs: Json[], key?: string, db = this.db): Promise<void> {
    const created = await this.running.raw('POST', `/databases/${db}/collections`, { key, body: JSON.stringify({ name: col }) });
    assert.equal(created.status, 200, created.text);
    for (const document of docs) {
      const answer = await this.running.raw('POST', `/databases/${db}/collections/${col}/documents`, {
        key,
        body: JSON.stringify({ document, safe: true }),
      });
      assert.equal(answer.status, 200, answer.text);
    }
  }

  /** `options`: the index's, such as {"unique": true}. */
  async createIndex(col: string, spec: Json, options: Json = {}): Promise<void> {
    const created = await this.running.raw('POST', `/databases/${this.db}/collections/${col}/indexes`, {
      body: JSON.stringify({ spec, background: false, ...options }),
    });
    assert.equal(created.status, 200, created.text);
  }

  aggregate(col: string, body: Json, options: { key?: string; db?: string } = {}): Promise<RawAnswer> {
    return this.running.raw('POST', `/databases/${options.db ?? this.db}/collections/${col}/aggregate`, {
      key: options.key,
      body: JSON.stringify(body),
    });
  }

  /** The results of a pipeline that must succeed (up to 100 of them). */
  async results(col: string, pipeline: unknown[], limit = 100): Promise<Json[]> {
    const answer = await this.aggregate(col, { pipeline, limit });
    assert.equal(answer.status, 200, answer.text);
    return answer.json as Json[];
  }

  /** The status and message of a pipeline that must be refused. */
  async refusal(col: string, body: Json): Promise<{ status: number; error: string }> {
    const answer = await this.aggregate(col, body);
    assert.ok(answer.status >= 400 && answer.status < 500, `expected a refusal, got ${answer.status} ${answer.text.slice(0, 300)}`);
    return { status: answer.status, error: errorText(answer) };
  }

  async documents(col: string, db = this.db): Promise<Json[]> {
    const answer = await this.running.raw('GET', `/databases/${db}/collections/${col}/documents?limit=100`);
    assert.equal(answer.status, 200, answer.text);
    return answer.json as Json[];
  }

  stop(): Promise<void> {
    return this.running.stop();
  }
}
