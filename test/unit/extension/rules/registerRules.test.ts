import '../../../support/vscodeFake/install';
import * as assert from 'node:assert/strict';
import Module from 'node:module';
import { commands, Disposable, fakeLanguages, resetFake, workspace } from '../../../support/vscodeFake/vscode';
import type { fakeExtensionContext } from '../../../support/vscodeFake/extensionContext';
import { fakeServices } from '../../../support/vscodeFake/fakeServices';
import type { Prompts } from '../../../../src/extension/base/prompts';
import { AfterActivation } from '../../../../src/extension/base/afterActivation';
import { CommandId } from '../../../../src/extension/kit/feature/commandIds';
import { activateApart } from '../../../../src/extension/kit/feature/featureModule';
import type { LoadKnowledge } from '../../../../src/extension/kit/lazy/loadKnowledge';
import { documentUri } from '../../../../src/extension/kit/targets/documentUri';
import { rulesFeature } from '../../../../src/extension/rules/registerRules';
import { RULES_SCHEME } from '../../../../src/extension/rules/rulesScheme';
import type { Services } from '../../../../src/extension/services';

describe('extension/rules: what the Rules feature registers at activation', () => {
  let context: ReturnType<typeof fakeExtensionContext>;
  let services: Services;
  const shown: string[] = [];
  const contributed: string[] = [];
  const moduleLoader = Module as unknown as { _load(request: string, ...rest: unknown[]): unknown };
  const load = moduleLoader._load;
  const aDocument = documentUri({ accountId: 'a1', db: 'shop', col: 'orders', docId: 1 });

  /** Activates the feature as activateDbHost does, then runs the set-up it handed over. */
  async function activateRules(): Promise<void> {
    const afterActivation = new AfterActivation(services.logger);
    const explorer = {
      contribute: (kind: string) => {
        contributed.push(kind);
        return new Disposable(() => contributed.splice(contributed.indexOf(kind), 1));
      },
    } as never;
    activateApart(
      { services, explorer, afterActivation: afterActivation.add },
      rulesFeature,
      (() => undefined) as unknown as LoadKnowledge,
    );
    afterActivation.start();
    await new Promise<void>((resolve) => afterActivation.add('the end', resolve));
    afterActivation.dispose();
  }

  beforeEach(() => {
    resetFake();
    shown.length = 0;
    contributed.length = 0;
    ({ context, services } = fakeServices({ error: (message: string) => Promise.resolve(void shown.push(message)) } as unknown as Prompts));
    // dist/rules.mjs: its documents' check refuses every save.
    const rules = { documents: { refusal: () => Promise.resolve('The rules refuse it.') } };
    moduleLoader._load = function (request: string, ...rest: unknown[]): unknown {
      return request.endsWith('rules.mjs') ? { createRules: () => rules } : load.call(this, request, ...rest);
    };
  });
  afterEach(() => {
    moduleLoader._load = load;
    context.dispose();
  });

  it('contributes the Rules item, checks saves against the rules and completes rules files', async () => {
    await activateRules();
    assert.deepEqual(contributed, ['collection']);
    assert.equal(await services.rulesSaveChecks.refusal(aDocument, '{}'), 'The rules refuse it.');
    assert.deepEqual(fakeLanguages.registered(), [`completion for ${RULES_SCHEME}`]);
  });

  it('with its file system refused (the scheme taken), leaves no Rules item, save check or completion behind', async () => {
    workspace.registerFileSystemProvider(RULES_SCHEME, {});
    await activateRules();
    assert.deepEqual(contributed, [], 'the Rules item is still contributed');
    assert.equal(await services.rulesSaveChecks.refusal(aDocument, '{}'), undefined, 'saves are still checked');
    assert.deepEqual(fakeLanguages.registered(), [], 'rules files are still completed');
    await commands.executeCommand(CommandId.openRules);
    assert.deepEqual(shown, [`a provider for the scheme '${RULES_SCHEME}' is already registered`]);
  });
});
