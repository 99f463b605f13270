import * as assert from 'node:assert/strict';
import type { DbHostApi } from '../../../src/core/api/types';
import type { JsonObject } from '../../../src/core/json/lossless';
import { AI_ACTIVITY_LOG, logFileLines } from '../support/logFile';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount, setGuardrails } from '../support/accounts';
import { FakePrompts } from '../support/fakePrompts';
import { confirmationOf, invokeAfterConfirmation, invokeTool, prepareTool } from './aiToolsFixtures';
import type { ChildService } from '../../support/testService';
import { startServiceInChild } from '../../support/testService';
import { installedServiceScript } from '../support/product';
import { answerPrompts } from '../support/windowPrompts';

describe("AI tools: each account's guardrails decide the write tools", function () {
  this.timeout(60_000);
  let service: ChildService;
  let client: DbHostApi;
  let accountId: string;
  const shown: string[] = [];
  const call = async (name: string, input: object) => {
    const text = await invokeTool(name, { account: 'AI writes', ...input });
    shown.push(text);
    return text;
  };
  const held = async (q: JsonObject) => (await client.listDocuments('lab', 'items', { q, limit: 100 })).documents;
  const setMode = (mode: 'normal' | 'confirm' | 'readOnly', tag?: string) => setGuardrails(accountId, { mode, tag });

  before(async () => {
    await activateExtension();
    service = await startServiceInChild({ script: installedServiceScript(), empty: true });
    ({ accountId, client } = await addAccount('AI writes', service));
    await client.createDatabase('lab', 'sandbox');
    await client.createCollection('lab', 'items');
    for (let n = 1; n <= 5; n++) await client.createDocument('lab', 'items', { _id: n, kind: 'tool', n }, { safe: true });
  });

  after(async () => {
    await removeAccount(accountId);
    await service.stop();
  });

  it('Normal: every write tool sends its request, as the service then shows', async () => {
    await call('dbhost_insertDocument', { database: 'lab', collection: 'items', document: { _id: 'new', kind: 'new' } });
    assert.equal((await held({ _id: 'new' })).length, 1);
    await call('dbhost_updateDocument', { database: 'lab', collection: 'items', id: 1, update: { $set: { kind: 'sharp' } } });
    assert.equal((await held({ _id: 1 }))[0].kind, 'sharp');
    await call('dbhost_updateMatching', {
      database: 'lab',
      collection: 'items',
      filter: { _id: { $in: [4, 5] } },
      update: { $inc: { n: 100 } },
      multi: true,
    });
    assert.deepEqual(
      (await held({ n: { $gt: 100 } })).map((document) => document._id),
      [4, 5],
    );
    await call('dbhost_createIndex', { database: 'lab', collection: 'items', keys: { kind: 1 } });
    assert.ok((await client.listIndexes('lab', 'items')).some((index) => index.name === 'kind_1'));
    await call('dbhost_deleteDocument', { database: 'lab', collection: 'items', id: 'new' });
    assert.equal((await held({ _id: 'new' })).length, 0);
  });

  it("Read-only: each write tool refuses with the account's own message, and nothing is sent", async () => {
    await setMode('readOnly', 'production');
    const before = JSON.stringify(await held({}));
    const indexesBefore = (await client.listIndexes('lab', 'items')).length;
    const writes: [string, object][] = [
      ['dbhost_insertDocument', { document: { kind: 'x' } }],
      ['dbhost_updateDocument', { id: 2, update: { $set: { kind: 'x' } } }],
      ['dbhost_updateMatching', { filter: {}, update: { $set: { kind: 'x' } }, multi: true }],
      ['dbhost_deleteDocument', { id: 2 }],
      ['dbhost_createIndex', { keys: { n: 1 } }],
    ];
    for (const [name, input] of writes) {
      const text = await call(name, { database: 'lab', collection: 'items', ...input });
      assert.match(
        text,
        /^Refused, nothing was sent\. The account "AI writes \[production\]" is Read-only: (POST|PUT|DELETE) \/databases\/lab\/collections\/items\/\S+ was not sent\./,
        name,
      );
    }
    assert.equal(JSON.stringify(await held({})), before);
    assert.equal((await client.listIndexes('lab', 'items')).length, indexesBefore);
  });

  it('Confirm writes: the confirmation holds the exact request, the match count and the tag; accepted, it is sent without a second question', async () => {
    await setMode('confirm', 'production');
    const input = {
      account: 'AI writes',
      database: 'lab',
      collection: 'items',
      filter: { kind: 'tool' },
      update: { $set: { checked: true }, $unset: { n: '' } },
      multi: true,
    };
    const matching = (await held({ kind: 'tool' })).length;
    const confirmation = confirmationOf(await prepareTool('dbhost_updateMatching', input));
    assert.ok(confirmation, 'no confirmation for a Confirm-writes account');
    shown.push(confirmation.title, confirmation.message);
    assert.equal(confirmation.title, '[PRODUCTION] Send this PUT to "AI writes"?');
    assert.ok(
      confirmation.message.includes(
        'PUT /databases/lab/collections/items/documents\n{"criteria":{"kind":"tool"},"object":{"$set":{"checked":true},"$unset":{"n":""}},"upsert":false,"multi":true,"safe":true}',
      ),
      confirmation.message,
    );
    assert.ok(confirmation.message.includes(`Affects: ${matching} documents match in lab.items; all are updated.`), confirmation.message);
    assert.equal((await held({ checked: true })).length, 0, 'sent before it was accepted');
    const prompts = new FakePrompts([]);
    answerPrompts(prompts);
    const result = await invokeAfterConfirmation('dbhost_updateMatching', input);
    shown.push(...result.content.map((part) => String((part as { value?: unknown }).value)));
    assert.deepEqual(prompts.confirmations, [], 'the account asked a second time');
    assert.equal((await held({ checked: true })).length, matching);
  });

  it('Confirm writes: a call that skipped its confirmation is asked about by the account, and Cancel sends nothing', async () => {
    await setMode('confirm', 'production');
    const prompts = new FakePrompts([{ confirm: false }]);
    answerPrompts(prompts);
    // Straight to invoke: through vscode.lm.invokeTool, VS Code would show prepareInvocation's confirmation in its own dialog first.
    const result = await invokeAfterConfirmation('dbhost_deleteDocument', {
      account: 'AI writes',
      database: 'lab',
      collection: 'items',
      id: 2,
    });
    const text = result.content.map((part) => String((part as { value?: unknown }).value)).join('');
    shown.push(text);
    assert.equal(prompts.confirmations.length, 1);
    assert.match(
      prompts.confirmations[0].detail ?? '',
      /^DELETE \/databases\/lab\/collections\/items\/documents\/%7B%22%24numberLong%22%3A%222%22%7D\?id_type=json\n/,
    );
    assert.match(text, /^Error: Not sent: the DELETE to "AI writes" was cancelled at its confirmation\./);
    assert.equal((await held({ _id: 2 })).length, 1);
  });

  it('Read-only and Normal prepare no confirmation of their own', async () => {
    const input = { account: 'AI writes', database: 'lab', collection: 'items', id: 3 };
    await setMode('readOnly');
    assert.equal(confirmationOf(await prepareTool('dbhost_deleteDocument', input)), undefined);
    await setMode('normal');
    assert.equal(confirmationOf(await prepareTool('dbhost_deleteDocument', input)), undefined);
  });

  it('logs every call with its outcome, and the key is in no answer, confirmation or log line', async () => {
    const outcomes = [
      /account "AI writes" · dbhost_updateMatching · .* · sent PUT \/databases\/lab\/collections\/items\/documents/,
      /account "AI writes" · dbhost_deleteDocument · .* · refused \(Read-only\)/,
      /account "AI writes" · dbhost_deleteDocument · .* · failed: Error: Not sent/,
    ];
    const log = await logFileLines(
      AI_ACTIVITY_LOG,
      (lines) => outcomes.every((outcome) => lines.some((line) => outcome.test(line))),
      'each call and its outcome in the AI activity log',
    );
    for (const text of [...shown, ...log]) assert.ok(!text.includes(service.apiKey), 'the key leaked');
  });
});
