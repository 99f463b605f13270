import assert from 'node:assert/strict';
import type { InProcessService } from '../../../support/testService';
import { startServiceInProcess } from '../../../support/testService';
import { MONGOHQ_CLIENT } from './mongohqClient.traffic';
import { MONGOHQ_IOS } from './mongohqIos.traffic';
import { MONGOHQ_LARAVEL } from './mongohqLaravel.traffic';
import { MONGOHQ_NODEJS } from './mongohqNodejs.traffic';
import { MONGOHQ_RUBY } from './mongohqRuby.traffic';
import type { ReplayAnswer } from './replay';
import { replay } from './replay';
import type { ClientTraffic, TrafficCall } from './traffic';

const KEY = 'replay-key-of-the-account';
const CLIENTS: ClientTraffic[] = [MONGOHQ_RUBY, MONGOHQ_NODEJS, MONGOHQ_CLIENT, MONGOHQ_LARAVEL, MONGOHQ_IOS];

interface DatabaseListItem {
  name: string;
  hostname: string;
  port: number;
}

/** The deployment name the gem derives from a database's hostname and port. */
const gemDeploymentName = (database: DatabaseListItem) => `${database.hostname.replace(/[^.]+[0-9]+\./g, '')}:${database.port}`;

function fieldOf(value: unknown, field: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
}

/** Asserts that the answer has every field the client reads. */
function assertReads(call: TrafficCall, answer: ReplayAnswer): void {
  const items = call.list ? (answer.body as unknown[]) : [answer.body];
  if (call.list) assert.ok(Array.isArray(answer.body), `a list, got ${JSON.stringify(answer.body).slice(0, 200)}`);
  const bodyFields = call.reads.filter((field) => !field.startsWith('header:'));
  if (bodyFields.length > 0) assert.ok(items.length > 0, 'at least one item to read fields from');
  for (const field of call.reads) {
    if (field.startsWith('header:')) {
      assert.match(answer.headers[field.slice('header:'.length).toLowerCase()] ?? '', /^\d+$/, field);
      continue;
    }
    for (const item of items) {
      if (field.startsWith('members[].')) {
        const members = fieldOf(item, 'members') as unknown[];
        assert.ok(Array.isArray(members) && members.length > 0, 'members');
        for (const member of members)
          assert.notEqual(
            fieldOf(member, field.slice('members[].'.length)),
            undefined,
            `${field} of ${JSON.stringify(member).slice(0, 120)}`,
          );
      } else {
        assert.notEqual(fieldOf(item, field), undefined, `"${field}" in ${JSON.stringify(item).slice(0, 300)}`);
      }
    }
  }
  if (call.reads.includes('error')) assert.equal(typeof fieldOf(answer.body, 'error'), 'string');
}

describe('the original service clients, replayed against the local service', function () {
  this.timeout(30_000);
  let running: InProcessService;
  const values: Record<string, string> = {};

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY], slowQueryMs: 0 });
    const client = running.client();
    const shop = (await running.raw('GET', '/databases')).json as DatabaseListItem[];
    const page = await client.listDocuments('shop', 'orders', { limit: 1 });
    Object.assign(values, {
      db: 'shop',
      col: 'orders',
      doc: (page.documents[0]._id as { $oid: string }).$oid,
      deployment: gemDeploymentName(shop.find((database) => database.name === 'shop')!),
      invoice: String((await client.listInvoices())[0].id),
    });
  });
  after(async () => running.stop());

  for (const traffic of CLIENTS) {
    describe(`${traffic.client} (${traffic.repository}): ${traffic.transport}`, () => {
      const slug = traffic.repository.split('/')[1].replace(/[^a-z0-9]/gi, '_');
      before(() => {
        Object.assign(values, { newDb: `${slug}_db`, newCol: `${slug}_col`, copyDb: `${slug}_copy` });
      });
      for (const call of traffic.calls) {
        it(`${call.does}: ${call.method} ${call.path} → ${call.status}`, async () => {
          if (call.path.includes('{op}')) {
            const slow = (await running.raw('GET', '/slow_queries/shop')).json as { _id: { $oid: string } }[];
            values.op = slow[0]._id.$oid;
          }
          const answer = await replay(running.service.url, call.key.length > 0 ? KEY : '', call, values);
          assert.equal(answer.status, call.status, JSON.stringify(answer.body).slice(0, 300));
          assertReads(call, answer);
          if (call.trailingBody) assert.equal(answer.closed, true);
        });
      }
    });
  }
});
