import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount } from '../support/accounts';
import { FakePrompts } from '../support/fakePrompts';
import { PlaygroundFolder, documentsShown, lensesOf, resultsBeside, runLens, shownResults } from '../support/playgrounds';
import { serviceWithout } from '../support/serviceWithout';
import { readTestConfig } from '../support/test-config';
import { waitFor } from '../support/waitFor';
import { answerPrompts } from '../support/windowPrompts';

describe('Aggregation on a service without it', function () {
  this.timeout(60_000);
  const label = 'No aggregate here';
  let accountId: string;
  let service: Awaited<ReturnType<typeof serviceWithout>>;
  let playgrounds: PlaygroundFolder;

  before(async () => {
    await activateExtension();
    // A proxy to the local service that answers every …/aggregate 404, as a service without the endpoint would.
    service = await serviceWithout(readTestConfig().services.demo.url, /^\/databases\/[^/]+\/collections\/[^/]+\/aggregate(\?|$)/);
    ({ accountId } = await addAccount(label, { url: service.url, apiKey: readTestConfig().services.demo.apiKey }));
    playgrounds = PlaygroundFolder.create('aggregate-absent');
  });

  after(async () => {
    if (accountId) await removeAccount(accountId);
    await service?.close();
    playgrounds?.remove();
  });

  it("says calmly that the service has no pipelines, shows no error, and hides a pipeline's Run and Preview to here; a find still runs", async () => {
    const document = await playgrounds.open(
      'absent.query.json',
      `[{"account": "${label}", "database": "shop", "collection": "orders", "pipeline": [{"$match": {}}, {"$count": "n"}]},
 {"account": "${label}", "database": "shop", "collection": "orders", "q": {}, "limit": 1}]\n`,
    );
    const commandsOf = async () => (await lensesOf(document.uri)).map((lens) => [lens.command?.command, lens.command?.arguments?.[1]]);
    const pipelineRun = await waitFor(async () =>
      (await lensesOf(document.uri)).find(
        (lens) => lens.command?.command === 'dbhost.runPlaygroundQuery' && lens.command.arguments?.[1] === 0,
      ),
    );
    assert.ok(
      (await commandsOf()).some(([command]) => command === 'dbhost.previewPipelineStage'),
      'Preview to here is offered until the service says it has no pipelines',
    );
    const prompts = new FakePrompts();
    answerPrompts(prompts);
    await runLens(pipelineRun);
    assert.equal(shownResults(document.uri), undefined, 'results shown');
    assert.deepEqual(prompts.errors, []);
    assert.equal(prompts.infos.length, 1, prompts.infos.join(' | '));
    assert.match(prompts.infos[0]!, /^The service of "No aggregate here" does not offer aggregation pipelines, so Run and Preview to here/);
    assert.equal(service.refused(), 1);
    await waitFor(
      async () => {
        const commands = await commandsOf();
        const pipelineLenses = commands.filter(
          ([command, index]) => command === 'dbhost.previewPipelineStage' || (command === 'dbhost.runPlaygroundQuery' && index === 0),
        );
        return pipelineLenses.length === 0 && commands.some(([command, index]) => command === 'dbhost.runPlaygroundQuery' && index === 1);
      },
      { what: "the pipeline's Run and Preview to here lenses to go, the find's Run to stay" },
    );
    const find = (await lensesOf(document.uri)).find(
      (lens) => lens.command?.command === 'dbhost.runPlaygroundQuery' && lens.command.arguments?.[1] === 1,
    );
    await runLens(find);
    assert.equal(documentsShown(resultsBeside(document.uri)).length, 1);
    assert.equal(service.refused(), 1, 'nothing more sent to …/aggregate');
    assert.ok(vscode.languages.getDiagnostics(document.uri).length === 0, 'no problem marked for a missing endpoint');
  });

  it('Aggregate… in a collection view of that service opens no playground once it knows, and says why', async () => {
    await vscode.commands.executeCommand('dbhost.openCollectionView', { accountId, db: 'shop', col: 'orders' });
    const prompts = new FakePrompts();
    answerPrompts(prompts);
    const before = vscode.workspace.textDocuments.length;
    await vscode.commands.executeCommand('dbhost.aggregateCollectionView');
    assert.deepEqual(prompts.errors, []);
    assert.match(
      prompts.infos[0] ?? '',
      /^The service of "No aggregate here" does not offer aggregation pipelines: no pipeline playground/,
    );
    assert.equal(vscode.workspace.textDocuments.length, before, 'no playground opened');
  });
});
