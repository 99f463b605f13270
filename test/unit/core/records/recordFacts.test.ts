import * as assert from 'node:assert/strict';
import { LosslessNumber } from '../../../../src/core/json/lossless';
import { factsMarkdown, plainValue, recordFacts } from '../../../../src/core/records/recordFacts';

describe('recordFacts: tooltips in words, not raw JSON', () => {
  it("names a deployment's plan, members and databases, in that order", () => {
    const facts = recordFacts('deployment', {
      name: 'db-1.example.net:10005',
      members: ['a:1', 'b:2'],
      databases: ['shop'],
      plan: 'Medium',
      slug: 'medium',
    });
    assert.deepEqual(facts, [
      { label: 'Plan', value: 'Medium' },
      { label: 'Members', value: 'a:1, b:2' },
      { label: 'Databases', value: 'shop' },
    ]);
  });

  it('says an invoice in money and paid or unpaid', () => {
    const facts = recordFacts('invoice', {
      id: 12345,
      amount: 5,
      balance: new LosslessNumber('0.0'),
      bill_date: '2012-06-01',
      is_paid: false,
    });
    assert.deepEqual(facts, [
      { label: 'Billed on', value: '2012-06-01' },
      { label: 'Amount', value: '$5.00' },
      { label: 'Balance', value: '$0.00' },
      { label: 'Status', value: 'unpaid' },
    ]);
  });

  it("gives a collection's counts and sizes with separators", () => {
    const facts = recordFacts('collection', {
      name: 'orders',
      count: 1500,
      storageSize: 3 * 1024 * 1024,
      avgObjSize: 200,
      indexCount: 2,
      ok: 1,
    });
    assert.deepEqual(facts, [
      { label: 'Documents', value: '1,500' },
      { label: 'Storage (bytes)', value: '3,145,728' },
      { label: 'Average document (bytes)', value: '200' },
      { label: 'Indexes', value: '2' },
    ]);
  });

  it('keeps a field the service added under its own name and leaves out empty ones', () => {
    const facts = recordFacts('database', { name: 'shop', plan: 'Sandbox', hostname: null, shared: true, region: 'eu-west' });
    assert.deepEqual(facts, [
      { label: 'Plan', value: 'Sandbox' },
      { label: 'Shared server', value: 'yes' },
      { label: 'region', value: 'eu-west' },
    ]);
  });

  it('writes an index key as compact JSON and a plan price per month', () => {
    assert.deepEqual(recordFacts('index', { v: 1, name: 'sku_1', key: { sku: 1 }, unique: true, ns: 'a.b' }), [
      { label: 'Key', value: '{"sku": 1}' },
      { label: 'Unique', value: 'yes' },
    ]);
    assert.deepEqual(recordFacts('plan', { name: 'Micro', slug: 'micro', price: 5, type: 'hosted' })[0], {
      label: 'Price',
      value: '$5 a month',
    });
    assert.equal(recordFacts('plan', { slug: 'sandbox', price: 0 })[0].value, 'free');
  });

  it('cuts a long value and answers nothing for a record that is not an object', () => {
    const [fact] = recordFacts('deployment', { plan: 'x'.repeat(500) });
    assert.equal(fact.value.length, 120);
    assert.ok(fact.value.endsWith('…'));
    assert.deepEqual(recordFacts('plan', null), []);
    assert.equal(plainValue([]), undefined);
  });

  it('renders Markdown with the title in bold and every value escaped', () => {
    const markdown = factsMarkdown('db_1', [{ label: 'Plan', value: '*Medium* [x](y)' }]);
    assert.equal(markdown, '**db\\_1**  \nPlan: \\*Medium\\* \\[x\\]\\(y\\)');
  });
});
