import '../../../support/vscodeFake/install';
import * as assert from 'node:assert/strict';
import { Disposable, Uri, commands, fakeCommands, fakeWorkspace, resetFake } from '../../../support/vscodeFake/vscode';
import type { fakeExtensionContext } from '../../../support/vscodeFake/extensionContext';
import { fakeServices } from '../../../support/vscodeFake/fakeServices';
import type { AccountStore } from '../../../../src/extension/kit/accounts/accountStore';
import { ContextKey } from '../../../../src/extension/kit/feature/contextValues';
import { documentUri, newDocumentUri } from '../../../../src/extension/kit/targets/documentUri';
import { vscodePrompts } from '../../../../src/extension/base/prompts';
import { walkthroughFeature } from '../../../../src/extension/walkthrough/registerWalkthrough';

/** The getting-started walkthrough's steps that complete on a context key: the key is set when the thing is done. */
describe('walkthrough: a step is marked done when its action is done, not before', () => {
  let context: ReturnType<typeof fakeExtensionContext>;
  let accounts: AccountStore;
  const done = (key: ContextKey) => fakeCommands.contextKey(key) === true;

  beforeEach(() => {
    resetFake();
    let services;
    ({ context, accounts, services } = fakeServices(vscodePrompts));
    // Its steps are set up right after activation: here at once.
    const afterActivation = (_what: string, work: () => void) => {
      work();
      return new Disposable(() => undefined);
    };
    walkthroughFeature.register?.({ services, explorer: undefined as never, afterActivation }, undefined);
  });
  afterEach(() => context.dispose());

  it('connect: done while an account exists, undone when the last one is removed', async () => {
    // The Welcome page's own command: VS Code does not tick a step whose key was already set when the page first
    // opened, so the extension ticks it too.
    const ticked: unknown[] = [];
    context.subscriptions.push(commands.registerCommand('welcome.markStepComplete', (step) => ticked.push(step)));
    assert.equal(done(ContextKey.walkthroughConnected), false);
    const { id } = await accounts.add({ label: 'Walkthrough', baseUrl: 'http://127.0.0.1:1', apiKey: 'walkthrough-key' });
    assert.equal(done(ContextKey.walkthroughConnected), true);
    assert.deepEqual(ticked, ['dbhost.dbhost#gettingStarted#connect']);
    await accounts.remove(id);
    assert.equal(done(ContextKey.walkthroughConnected), false);
  });

  it("save a document: done when a service document is saved, not a new document's template or another file", () => {
    const address = { accountId: 'a1', db: 'walkthroughtests', col: 'notes' };
    fakeWorkspace.save(newDocumentUri({ ...address, number: 1 }) as unknown as Uri);
    fakeWorkspace.save(Uri.file('/tmp/notes.json'));
    assert.equal(done(ContextKey.walkthroughDocumentSaved), false);
    fakeWorkspace.save(documentUri({ ...address, docId: '42' }) as unknown as Uri);
    assert.equal(done(ContextKey.walkthroughDocumentSaved), true);
  });

  it('set guardrails: done once an account has a mode, colour or tag, and not before', async () => {
    const { id } = await accounts.add({ label: 'Walkthrough', baseUrl: 'http://127.0.0.1:1', apiKey: 'walkthrough-key' });
    assert.equal(done(ContextKey.walkthroughGuardrailsSet), false);
    await accounts.update(id, { tag: 'walkthrough' });
    assert.equal(done(ContextKey.walkthroughGuardrailsSet), true);
    await accounts.update(id, { tag: undefined });
    assert.equal(done(ContextKey.walkthroughGuardrailsSet), false);
  });
});
