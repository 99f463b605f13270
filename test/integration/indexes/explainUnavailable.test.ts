import * as assert from 'node:assert/strict';
import type { DbHostApi } from '../../../src/core/api/types';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { FakePrompts } from '../support/fakePrompts';
import { PlaygroundFolder, runLens } from '../support/playgrounds';
import { serviceWithout } from '../support/serviceWithout';
import { readTestConfig } from '../support/test-config';
import { waitFor } from '../support/waitFor';
import * as vscode from 'vscode';
import { explainLensOf, explainViews, playgroundText } from './explainFixtures';
import { answerPrompts } from '../support/windowPrompts';

/** A service without explain: a proxy to the local service that answers every …/explain 404, as a service without it would. */
async function serviceWithoutExplain(target: string): Promise<{ url: string; explains: () => number; close(): Promise<void> }> {
  const service = await serviceWithout(target, /^\/databases\/[^/]+\/collections\/[^/]+\/explain(\?|$)/);
  return { url: service.url, explains: service.refused, close: service.close };
}

describe('Explain on a service without it', function () {
  this.timeout(60_000);
  const label = 'No explain here';
  let accountId: string;
  let client: DbHostApi;
  let service: Awaited<ReturnType<typeof serviceWithoutExplain>>;
  let playgrounds: PlaygroundFolder;

  before(async () => {
    await activateExtension();
    service = await serviceWithoutExplain(readTestConfig().services.demo.url);
    ({ accountId, client } = await addAccount(label, { url: service.url, apiKey: readTestConfig().services.demo.apiKey }));
    playgrounds = PlaygroundFolder.create('explain-absent');
  });

  after(async () => {
    if (accountId) await removeAccount(accountId);
    await service?.close();
    playgrounds?.remove();
  });

  it('says calmly that the service does not offer it, shows no error, and hides the Explain lens from then on', async () => {
    const document = await playgrounds.open(
      'absent.query.json',
      playgroundText(label, 'shop', 'orders', { q: { status: 'paid' }, limit: 5 }),
    );
    const lens = await explainLensOf(document.uri);
    assert.ok(lens, 'Explain is offered until the service says it has none');
    const prompts = new FakePrompts();
    answerPrompts(prompts);
    const views = explainViews().length;
    await runLens(lens);
    assert.equal(explainViews().length, views, 'an explain view opened');
    assert.deepEqual(prompts.errors, []);
    assert.equal(prompts.infos.length, 1, prompts.infos.join(' | '));
    assert.match(prompts.infos[0], /^The service of "No explain here" does not offer Explain, so its Explain actions are hidden\./);
    assert.equal(service.explains(), 1);
    await waitFor(async () => (await explainLensOf(document.uri)) === undefined, { what: 'the Explain lens to go' });
    assert.ok(
      vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .every((tab) => !(tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('dbhost.explain'))),
      'no explain view opened',
    );
    // The query itself still runs.
    const page = await client.listDocuments('shop', 'orders', { q: { status: 'paid' }, limit: 5 });
    assert.equal(page.documents.length, 5);
  });

  it('explains nothing through the command either, and sends no second explain once it knows', async () => {
    const before = service.explains();
    const views = explainViews().length;
    const { prompts } = await runScripted([], 'dbhost.explainQuery', {
      accountId,
      db: 'shop',
      col: 'orders',
      query: { q: { status: 'paid' } },
    });
    assert.equal(explainViews().length, views, 'an explain view opened');
    assert.deepEqual(prompts.errors, []);
    assert.match(prompts.infos[0] ?? '', /does not offer Explain/);
    assert.equal(service.explains(), before, 'nothing sent');
  });

  it('refuses arguments it cannot use, leading with the cause, and sends nothing', async () => {
    const before = service.explains();
    const views = explainViews().length;
    const { prompts } = await runScripted([], 'dbhost.explainQuery', { accountId, db: 'shop', col: '' });
    assert.equal(explainViews().length, views, 'an explain view opened');
    assert.match(
      prompts.errors[0] ?? '',
      /^accountId, db and col must be non-empty strings: Explain cannot use the arguments it was given\./,
    );
    assert.equal(service.explains(), before);
  });
});
