import '../../../support/vscodeFake/install';
import * as assert from 'node:assert/strict';
import { Uri, fakeWorkspace, resetFake, workspace } from '../../../support/vscodeFake/vscode';
import { fakeServices } from '../../../support/vscodeFake/fakeServices';
import type { Prompts } from '../../../../src/extension/base/prompts';
import type { Services } from '../../../../src/extension/services';
import type { FindResultsState } from '../../../../src/extension/playground/resultsDocuments';
import { ResultsDocuments } from '../../../../src/extension/playground/resultsDocuments';
import { PlaygroundRunner } from '../../../../src/extension/playground/playgroundRunner';
import { renderFindResults } from '../../../../src/core/playground/resultsText';
import type { FindRequest } from '../../../../src/core/playground/playgroundRequest';

const playground = Uri.file('/work/orders.query.json') as never;

function findResults(skip: number, names: string[]): FindResultsState {
  const request: FindRequest = { kind: 'find', database: 'shop', collection: 'orders', query: { limit: 2 } };
  const page = { documents: names.map((name, index) => ({ _id: skip + index, name })), total: 5 };
  return {
    kind: 'find',
    accountId: 'account-1',
    accountLabel: 'Shop',
    request,
    skip,
    page,
    rendered: renderFindResults({ accountLabel: 'Shop', request, skip, page, elapsedMs: 3 }),
  };
}

describe('playground results: one tab per playground, its results let go when it closes', () => {
  let services: Services;
  let dispose: () => void;
  let results: ResultsDocuments;

  beforeEach(() => {
    resetFake();
    const made = fakeServices({} as Prompts);
    services = made.services;
    dispose = () => {
      results.dispose();
      services.virtualDocuments.dispose();
      made.context.dispose();
    };
    results = new ResultsDocuments(services.virtualDocuments);
  });
  afterEach(() => dispose());

  it('a new run or page replaces the text of the tab the results already have', async () => {
    const uri = results.uriFor(playground);
    assert.equal(uri.path, '/orders results.jsonc');
    const first = await results.show(uri, findResults(0, ['ann', 'bob']));
    assert.match(first.getText(), /"name": "ann"/);
    const second = await results.show(uri, findResults(2, ['cy', 'dee']));
    assert.equal(second, first, 'the next page opened a document of its own');
    assert.match(first.getText(), /"name": "cy"/);
    assert.doesNotMatch(first.getText(), /"name": "ann"/);
  });

  it('lets the results go when VS Code closes their document: reopened, it says so, and paging says what to do', async () => {
    const uri = results.uriFor(playground);
    const shown = findResults(0, ['ann', 'bob']);
    await results.show(uri, shown);
    await fakeWorkspace.close(uri);
    assert.equal(results.stateOf(uri), undefined, 'a closed results document kept its results');
    assert.equal(
      (await workspace.openTextDocument(uri)).getText(),
      '// These results are no longer available: run the query again from its playground.\n',
    );
    assert.equal(results.replace(uri, shown, { kind: 'update', text: 'late count' }), false, 'a late count brought closed results back');
    const runner = new PlaygroundRunner(services, undefined as never, undefined as never, undefined as never, results);
    await assert.rejects(runner.page('next', uri), /Open the results of a query to page through them/);
  });

  it("closing one playground's results keeps another's", async () => {
    const orders = results.uriFor(playground);
    const users = results.uriFor(Uri.file('/work/users.query.json') as never);
    await results.show(orders, findResults(0, ['ann']));
    await results.show(users, findResults(0, ['zed']));
    await fakeWorkspace.close(orders);
    assert.match((await workspace.openTextDocument(users)).getText(), /"name": "zed"/);
    assert.equal(results.stateOf(users)?.kind, 'find');
  });
});
