import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ContextKey } from '../../../src/extension/kit/feature/contextValues';
import { activateExtension } from '../support/extensionUnderTest';
import { PlaygroundFolder, lensesOf } from '../support/playgrounds';
import { shownManifest } from '../support/shownManifest';

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
  let extension: vscode.Extension<unknown>;
  let steps: Step[];
  let playgrounds: PlaygroundFolder | undefined;

  const step = (id: string) => {
    const found = steps.find((candidate) => candidate.id === id);
    assert.ok(found, `no step ${id}`);
    return found;
  };

  before(async () => {
    ({ extension } = await activateExtension());
    const walkthroughs = shownManifest<{ contributes: { walkthroughs: { steps: Step[] }[] } }>(extension).contributes.walkthroughs;
    steps = walkthroughs[0].steps;
  });

  after(() => playgrounds?.remove());

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

  it('connect, save a document, set guardrails: complete on the keys the extension sets when the thing is done (test/unit/extension/walkthrough)', () => {
    assert.deepEqual(step('connect').completionEvents, [`onContext:${ContextKey.walkthroughConnected}`]);
    assert.deepEqual(step('saveDocument').completionEvents, [`onContext:${ContextKey.walkthroughDocumentSaved}`]);
    assert.deepEqual(step('guardrails').completionEvents, [`onContext:${ContextKey.walkthroughGuardrailsSet}`]);
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
});
