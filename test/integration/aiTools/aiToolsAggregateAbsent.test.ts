import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount, setGuardrails } from '../support/accounts';
import { FakePrompts } from '../support/fakePrompts';
import { PlaygroundFolder, lensesOf } from '../support/playgrounds';
import type { ServiceWithout } from '../support/serviceWithout';
import { serviceWithout } from '../support/serviceWithout';
import { readTestConfig } from '../support/test-config';
import { waitFor } from '../support/waitFor';
import { confirmationOf, invokeTool, prepareTool } from './aiToolsFixtures';
import { answerPrompts } from '../support/windowPrompts';

describe('dbhost_aggregate and Aggregate… on a service without aggregation', function () {
  this.timeout(60_000);
  const label = 'Agent, no pipelines';
  const other = 'Viewer, no pipelines';
  let service: ServiceWithout;
  const accounts: string[] = [];
  let playgrounds: PlaygroundFolder;
  const READ = { account: label, database: 'shop', collection: 'orders', pipeline: [{ $group: { _id: '$status', n: { $sum: 1 } } }] };
  const OUT = { ...READ, pipeline: [...READ.pipeline, { $out: 'perStatus' }] };

  before(async () => {
    await activateExtension();
    // A proxy to the local service that answers every …/aggregate 404, as a service without the endpoint would.
    service = await serviceWithout(readTestConfig().services.demo.url, /^\/databases\/[^/]+\/collections\/[^/]+\/aggregate(\?|$)/);
    const apiKey = readTestConfig().services.demo.apiKey;
    for (const name of [label, other]) accounts.push((await addAccount(name, { url: service.url, apiKey })).accountId);
    await setGuardrails(accounts[0]!, { mode: 'confirm' });
    playgrounds = PlaygroundFolder.create('aggregate-absent-tools');
  });

  after(async () => {
    for (const accountId of accounts) await removeAccount(accountId);
    await service?.close();
    playgrounds?.remove();
  });

  it('the tool answers with the reason, then sends nothing more (no confirmation for a $out), and the playground hides the pipeline', async () => {
    const first = await invokeTool('dbhost_aggregate', READ);
    assert.match(
      first,
      new RegExp(`^The service of "${label}" has no aggregation pipelines: it answered 404 Not Found to …/aggregate\\..*dbhost_find`),
    );
    assert.equal(service.refused(), 1);
    const prompts = new FakePrompts([]);
    answerPrompts(prompts);
    assert.equal(confirmationOf(await prepareTool('dbhost_aggregate', OUT)), undefined, 'asked to confirm a write that cannot run');
    assert.match(await invokeTool('dbhost_aggregate', OUT), /has no aggregation pipelines: .*before, so nothing was sent this time\./);
    assert.match(await invokeTool('dbhost_aggregate', READ), /nothing was sent this time/);
    assert.equal(service.refused(), 1, 'sent to …/aggregate again');
    assert.deepEqual(prompts.confirmations, []);

    // What the tool learnt is what the playground follows: the pipeline's Run and Preview to here are not offered.
    const document = await playgrounds.open(
      'absent-tools.query.json',
      `[{"account": "${label}", "database": "shop", "collection": "orders", "pipeline": [{"$match": {}}, {"$count": "n"}]},
 {"account": "${label}", "database": "shop", "collection": "orders", "q": {}, "limit": 1}]\n`,
    );
    const commands = await waitFor(async () => {
      const lenses = (await lensesOf(document.uri)).map((lens) => [lens.command?.command, lens.command?.arguments?.[1]]);
      return lenses.some(([command, index]) => command === 'dbhost.runPlaygroundQuery' && index === 1) ? lenses : undefined;
    });
    assert.ok(
      !commands.some(
        ([command, index]) => command === 'dbhost.previewPipelineStage' || (command === 'dbhost.runPlaygroundQuery' && index === 0),
      ),
      JSON.stringify(commands),
    );
  });

  it('Aggregate… in a collection view asks the service once and, told it has none, opens no playground and says why', async () => {
    await vscode.commands.executeCommand('dbhost.openCollectionView', { accountId: accounts[1], db: 'shop', col: 'orders' });
    const prompts = new FakePrompts();
    answerPrompts(prompts);
    const before = vscode.workspace.textDocuments.length;
    const refusedBefore = service.refused();
    await vscode.commands.executeCommand('dbhost.aggregateCollectionView');
    assert.equal(service.refused(), refusedBefore + 1, 'the service was not asked');
    assert.deepEqual(prompts.errors, []);
    assert.match(
      prompts.infos[0] ?? '',
      new RegExp(`^The service of "${other}" does not offer aggregation pipelines: no pipeline playground`),
    );
    assert.equal(vscode.workspace.textDocuments.length, before, 'a playground opened');
    await vscode.commands.executeCommand('dbhost.aggregateCollectionView');
    assert.equal(service.refused(), refusedBefore + 1, 'asked again');
    assert.equal(vscode.workspace.textDocuments.length, before, 'a playground opened');
  });
});
