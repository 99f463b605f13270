import * as assert from 'node:assert/strict';
import type { DbHostApi } from '../../../src/core/api/types';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount, setGuardrails } from '../support/accounts';
import { FakePrompts } from '../support/fakePrompts';
import { confirmationOf, invokeAfterConfirmation, invokeTool, prepareTool } from './aiToolsFixtures';
import type { ChildService } from '../../support/testService';
import { startServiceInChild } from '../../support/testService';
import { installedServiceScript } from '../support/product';
import { answerPrompts } from '../support/windowPrompts';

describe('AI tools: dbhost_aggregate reads under every mode, and its $out is a guarded write', function () {
  this.timeout(60_000);
  let service: ChildService;
  let client: DbHostApi;
  let accountId: string;
  const GROUP = [{ $group: { _id: '$kind', n: { $sum: 1 } } }, { $sort: { _id: 1 } }];
  const OUT = { account: 'AI pipelines', database: 'lab', collection: 'items', pipeline: [...GROUP, { $out: 'summary' }] };
  const setMode = (mode: 'normal' | 'confirm' | 'readOnly') => setGuardrails(accountId, { mode, tag: 'production' });
  const summaries = async () => (await client.listCollections('lab')).filter((record) => record.name === 'summary').length;

  before(async () => {
    await activateExtension();
    service = await startServiceInChild({ script: installedServiceScript(), empty: true });
    ({ accountId, client } = await addAccount('AI pipelines', service));
    await client.createDatabase('lab', 'sandbox');
    await client.createCollection('lab', 'items');
    for (let n = 1; n <= 6; n++) await client.createDocument('lab', 'items', { _id: n, kind: n % 2 ? 'odd' : 'even' }, { safe: true });
  });

  after(async () => {
    await removeAccount(accountId);
    await service.stop();
  });

  it('Read-only: a reading pipeline answers; one ending in $out is refused and nothing is written', async () => {
    await setMode('readOnly');
    const read = await invokeTool('dbhost_aggregate', { account: 'AI pipelines', database: 'lab', collection: 'items', pipeline: GROUP });
    assert.equal(read, 'Documents 1–2 of 2 matching in lab.items (pipeline results):\n{"_id":"even","n":3}\n{"_id":"odd","n":3}');
    const refused = await invokeTool('dbhost_aggregate', OUT);
    assert.match(
      refused,
      /^Refused, nothing was sent\. The account "AI pipelines \[production\]" is Read-only: POST \/databases\/lab\/collections\/items\/aggregate was not sent\./,
    );
    assert.equal(await summaries(), 0);
  });

  it('Confirm writes: the confirmation names the target collection; accepted, it is written once without a second question', async () => {
    await setMode('confirm');
    assert.equal(confirmationOf(await prepareTool('dbhost_aggregate', { ...OUT, pipeline: GROUP })), undefined, 'a read asked');
    const confirmation = confirmationOf(await prepareTool('dbhost_aggregate', OUT));
    assert.ok(confirmation, 'no confirmation for $out on a Confirm-writes account');
    assert.equal(confirmation.title, '[PRODUCTION] Send this POST to "AI pipelines"?');
    assert.match(
      confirmation.message,
      /Affects: the collection lab\.summary \(it holds 0 documents now\): replaced by the results of the pipeline on lab\.items/,
    );
    assert.equal(await summaries(), 0, 'written before it was accepted');
    const prompts = new FakePrompts([]);
    answerPrompts(prompts);
    const result = await invokeAfterConfirmation('dbhost_aggregate', OUT);
    const text = result.content.map((part) => String((part as { value?: unknown }).value)).join('');
    assert.match(text, /\$out wrote its results into lab\.summary, which now holds 2 documents/);
    assert.deepEqual(prompts.confirmations, [], 'the account asked a second time');
    assert.deepEqual((await client.listDocuments('lab', 'summary', { sort: { _id: 1 } })).documents, [
      { _id: 'even', n: 3 },
      { _id: 'odd', n: 3 },
    ]);
  });
});
