import '../../../support/vscodeFake/install';
import * as assert from 'node:assert/strict';
import { EventEmitter, Uri, fakeWorkspace, resetFake, workspace } from '../../../support/vscodeFake/vscode';
import { fakeServices } from '../../../support/vscodeFake/fakeServices';
import type { Prompts } from '../../../../src/extension/base/prompts';
import type { Services } from '../../../../src/extension/services';
import type { PlaygroundParts } from '../../../../src/extension/playground/playgroundParts';
import type { PlaygroundEntry } from '../../../../src/core/playground/playgroundRequest';
import { RunAll } from '../../../../src/extension/playground/runAll';

/** A playground of two queries the file's parser found problems in: Run All skips both and sends nothing. */
const entries = [0, 1].map((index) => ({ index, problems: [{ message: 'unknown operator $eqq' }] }) as unknown as PlaygroundEntry);
const playground = Uri.file('/work/orders.query.json');

describe('Run All: its results let go when their document closes', () => {
  let services: Services;
  let runAll: RunAll;
  let dispose: () => void;

  beforeEach(() => {
    resetFake();
    const made = fakeServices({} as Prompts);
    services = made.services;
    // The playground file as VS Code would read it; its parse is what Run All asks the parts for.
    const file = workspace.registerTextDocumentContentProvider('file', { provideTextDocumentContent: () => '[{}, {}]' });
    const parts = { parses: { get: () => Promise.resolve({ entries, fileProblems: [] }) } } as unknown as PlaygroundParts;
    runAll = new RunAll(services, parts, undefined as never, new EventEmitter<void>() as never);
    dispose = () => {
      runAll.dispose();
      file.dispose();
      services.virtualDocuments.dispose();
      made.context.dispose();
    };
  });
  afterEach(() => dispose());

  it('shows one section per query, and once its document closed says to run again instead', async () => {
    await runAll.run(playground);
    const uri = runAll.uriFor(playground as never) as unknown as Uri;
    const shown = (await workspace.openTextDocument(uri)).getText();
    assert.match(shown, /orders\.query\.json/);
    assert.equal(shown.match(/Not run: the query has 1 problem/g)?.length, 2, shown);
    await fakeWorkspace.close(uri);
    assert.equal(
      (await workspace.openTextDocument(uri)).getText(),
      '// These results are no longer available: use Run All again in the playground.\n',
    );
    await runAll.run(playground);
    assert.equal((await workspace.openTextDocument(uri)).getText(), shown, 'Run All again did not show its results in the reopened tab');
  });
});
