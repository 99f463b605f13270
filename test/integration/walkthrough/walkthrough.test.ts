import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { newObjectId } from '../../../src/core/documents/objectId';
import type { TestApi } from '../../../src/extension/extension';
import { ContextKey } from '../../../src/extension/shared/contextValues';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { PlaygroundFolder, lensesOf } from '../support/playgrounds';
import { readTestConfig } from '../support/test-config';
import { shownManifest } from '../support/shownManifest';
import { replaceFirst } from '../support/textEditing';
import { waitFor } from '../support/waitFor';

interface Step {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string };
  completionEvents: string[];
}

const db = 'walkthroughtests';
const col = 'notes';

/** The getting-started walkthrough: each step completes when the thing it asks for is done. */
describe('Walkthrough: each step completes when its action is done', function () {
  this.timeout(120_000);
  let testing: TestApi;
  let extension: vscode.Extension<unknown>;
  let steps: Step[];
  let other: DbHostApi;
  let accountId: string | undefined;
  let playgrounds: PlaygroundFolder | undefined;

  const step = (id: string) => {
    const found = steps.find((candidate) => candidate.id === id);
    assert.ok(found, `no step ${id}`);
    return found;
  };
  const done = (key: ContextKey) => testing.walkthrough.done().has(key);

  before(async () => {
    ({ testing, extension } = await activateExtension());
    const walkthroughs = shownManifest<{ contributes: { walkthroughs: { steps: Step[] }[] } }>(extension).contributes.walkthroughs;
    steps = walkthroughs[0].steps;
    const { empty } = readTestConfig().services;
    other = testing.services.accounts.makeClient(empty.url, empty.apiKey);
    await other.createDatabase(db, 'sandbox');
    await other.createCollection(db, col);
  });

  after(async () => {
    if (accountId) await testing.services.accounts.remove(accountId);
    await other?.deleteDatabase(db).catch(() => undefined);
    playgrounds?.remove();
  });

  it('has the five steps, each with its markdown and a link to its action, completed by a registered command or a key the extension sets', async () => {
    assert.deepEqual(
      steps.map((candidate) => candidate.id),
      ['connect', 'saveDocument', 'runPlayground', 'collectionView', 'guardrails'],
    );
    const commands = new Set(await vscode.commands.getCommands(true));
    const keys = new Set<string>(Object.values(ContextKey));
    for (const candidate of steps) {
      assert.match(candidate.description, /\]\(command:[\w.]+\)/, `${candidate.id} links to no action`);
      const markdown = vscode.Uri.joinPath(extension.extensionUri, candidate.media.markdown ?? '');
      assert.ok((await vscode.workspace.fs.readFile(markdown)).byteLength > 0, `${candidate.id}: ${candidate.media.markdown}`);
      assert.ok(candidate.completionEvents.length > 0, `${candidate.id} never completes`);
      for (const event of candidate.completionEvents) {
        const [kind, name] = event.split(/:(.*)/s);
        if (kind === 'onCommand') assert.ok(commands.has(name), `${candidate.id}: ${name} is not a registered command`);
        else assert.ok(kind === 'onContext' && keys.has(name), `${candidate.id}: ${event} is not a key the extension sets`);
      }
    }
  });

  it('connect: done exactly while an account exists', async () => {
    assert.deepEqual(step('connect').completionEvents, [`onContext:${ContextKey.walkthroughConnected}`]);
    assert.equal(done(ContextKey.walkthroughConnected), testing.services.accounts.list().length > 0);
    const { empty } = readTestConfig().services;
    accountId = (await testing.services.accounts.add({ label: 'Walkthrough', baseUrl: empty.url, apiKey: empty.apiKey })).id;
    await waitFor(() => done(ContextKey.walkthroughConnected), { what: 'the connect step done after an account was added' });
  });

  it('save a document: done when a document of the service is saved with Ctrl+S, not when it is only opened or edited', async () => {
    assert.deepEqual(step('saveDocument').completionEvents, [`onContext:${ContextKey.walkthroughDocumentSaved}`]);
    testing.walkthrough.forgetSavedDocument();
    const id = newObjectId();
    await other.createDocument(db, col, { _id: { $oid: id }, text: 'first' }, { safe: true });
    const uri = await vscode.commands.executeCommand<vscode.Uri>('dbhost.openDocument', { accountId, db, col, docId: { $oid: id } });
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    await replaceFirst(document, '"first"', '"second"');
    assert.equal(done(ContextKey.walkthroughDocumentSaved), false);
    const { result } = await runScripted<{ saved: boolean }>(testing, [], 'dbhost.saveDocument');
    assert.equal(result.saved, true);
    await waitFor(() => done(ContextKey.walkthroughDocumentSaved), { what: 'the save step done after the save' });
  });

  it('run a playground: completes on the command of the Run CodeLens a person clicks', async () => {
    playgrounds = PlaygroundFolder.create('walkthrough');
    const document = await playgrounds.open('first.query.json', `{"database": "${db}", "collection": "${col}"}\n`);
    const run = (await lensesOf(document.uri)).map((lens) => lens.command?.command).filter((command) => command?.startsWith('dbhost.run'));
    assert.ok(run.length > 0, 'no Run CodeLens');
    for (const command of run)
      assert.ok(step('runPlayground').completionEvents.includes(`onCommand:${command}`), `${command} does not complete the step`);
  });

  it("open the collection view: completes on the command of the collection's menu item, which opens the view", async () => {
    const menu = (extension.packageJSON as { contributes: { menus: Record<string, { command: string; when?: string }[]> } }).contributes
      .menus['view/item/context'];
    const opening = menu.filter(
      (item) => /viewItem == dbhost\.collection\b/.test(item.when ?? '') && item.command.endsWith('CollectionView'),
    );
    assert.deepEqual(
      opening.map((item) => `onCommand:${item.command}`),
      step('collectionView').completionEvents,
    );
  });

  it('set guardrails: done once an account has a mode, colour or tag, and not before', async () => {
    assert.deepEqual(step('guardrails').completionEvents, [`onContext:${ContextKey.walkthroughGuardrailsSet}`]);
    const anyGuarded = () => testing.services.accounts.list().some((account) => account.mode || account.color || account.tag);
    assert.equal(done(ContextKey.walkthroughGuardrailsSet), anyGuarded());
    assert.ok(accountId);
    await testing.services.accounts.update(accountId, { tag: 'walkthrough' });
    await waitFor(() => done(ContextKey.walkthroughGuardrailsSet), { what: 'the guardrails step done after a tag was set' });
  });
});
