import * as assert from 'node:assert/strict';
import type { Account } from '../../../../src/service/account';
import { InProgressOperations } from '../../../../src/service/activity/inProgress';
import { buildInBackground } from '../../../../src/service/handlers/indexBuild';
import { findPage } from '../../../../src/service/query/engine';
import { CollectionData } from '../../../../src/service/query/collectionData';

describe('service: a background index build that fails', () => {
  it('leaves the index out of every plan, says why in the deployment log, and ends nothing', async () => {
    const data = new CollectionData();
    for (let i = 0; i < 200; i++) data.put({ _id: i, a: i % 5 });
    data.deferBuild('a_1');
    data.addIndex({ name: 'a_1', key: { a: 1 } });
    const index = data.queryIndex('a_1')!;
    assert.ok(index.build, 'the index did not start as a background build');
    const steps = data.buildSteps.bind(data);
    data.buildSteps = function* (...args: Parameters<CollectionData['buildSteps']>) {
      const started = steps(...args);
      started.next();
      yield;
      throw new Error('the build ran out of memory');
    };
    const lines: string[] = [];
    const inProgress = new InProgressOperations();
    const account = {
      inProgress,
      logOperation: (_db: string, _thread: string, text: string | (() => string)) => lines.push(typeof text === 'string' ? text : text()),
    } as unknown as Account;

    await buildInBackground(account, 'shop', 'orders', data, index, 'conn3');

    assert.equal(index.usable, false, 'a half-built index would serve queries');
    assert.deepEqual(lines, ['Index build failed: shop.orders a_1: the build ran out of memory']);
    assert.deepEqual(inProgress.on('shop'), []);
    const page = findPage(data, { q: { a: 3 }, skip: 0, limit: 100 });
    assert.equal(page.documents.length, 40);
  });
});
