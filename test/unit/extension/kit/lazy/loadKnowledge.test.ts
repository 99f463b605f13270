import '../../../../support/vscodeFake/install';
import * as assert from 'node:assert/strict';
import Module from 'node:module';
import { EventEmitter, resetFake, Uri, workspace } from '../../../../support/vscodeFake/vscode';
import { fakeServices } from '../../../../support/vscodeFake/fakeServices';
import type { Prompts } from '../../../../../src/extension/base/prompts';
import type { Services } from '../../../../../src/extension/services';
import type { PlaygroundParts } from '../../../../../src/extension/playground/playgroundParts';
import { RUN_ALL_SCHEME } from '../../../../../src/extension/playground/runAll';
import { knowledgeLoader } from '../../../../../src/extension/kit/lazy/loadKnowledge';
import * as knowledgeBundle from '../../../../../src/extension/bundles/knowledgeBundle';

describe('extension/kit/lazy: the playground knowledge, loaded at first use', () => {
  let services: Services;
  let dispose: () => void;
  const moduleLoader = Module as unknown as { _load(request: string, ...rest: unknown[]): unknown };
  const load = moduleLoader._load;

  beforeEach(() => {
    resetFake();
    const made = fakeServices({} as Prompts);
    services = made.services;
    // dist/playgroundKnowledge.mjs is the bundle of knowledgeBundle.ts: the loader is handed the source module.
    moduleLoader._load = function (request: string, ...rest: unknown[]): unknown {
      return request.endsWith('playgroundKnowledge.mjs') ? knowledgeBundle : load.call(this, request, ...rest);
    };
    dispose = () => {
      moduleLoader._load = load;
      services.virtualDocuments.dispose();
      made.context.dispose();
    };
  });
  afterEach(() => dispose());

  it('can be loaded again after a load that failed half-way, and then serves its documents', async () => {
    const loadKnowledge = knowledgeLoader({
      services,
      playground: {} as PlaygroundParts,
      runAllLensesChanged: new EventEmitter<void>() as never,
    });
    // Run All's documents cannot be served on the first try, after the schema reports' documents already are.
    const inTheWay = workspace.registerTextDocumentContentProvider(RUN_ALL_SCHEME, { provideTextDocumentContent: () => '' });
    await assert.rejects(loadKnowledge(), /already registered/);
    inTheWay.dispose();

    const knowledge = await loadKnowledge();
    assert.equal(await loadKnowledge(), knowledge, 'a second use loaded it again');
    const runAllUri = knowledge.runAll.uriFor(Uri.file('/work/orders.query.json') as never);
    assert.equal(
      (await workspace.openTextDocument(runAllUri)).getText(),
      '// These results are no longer available: use Run All again in the playground.\n',
    );
  });
});
