import '../../../support/vscodeFake/install';
import * as assert from 'node:assert/strict';
import { Disposable, fakeLanguages, resetFake, workspace } from '../../../support/vscodeFake/vscode';
import type { fakeExtensionContext } from '../../../support/vscodeFake/extensionContext';
import { fakeServices } from '../../../support/vscodeFake/fakeServices';
import type { Prompts } from '../../../../src/extension/base/prompts';
import { documentsFeature } from '../../../../src/extension/documents/registerDocuments';
import type { FeatureHost } from '../../../../src/extension/kit/feature/featureModule';
import { activateFeature } from '../../../../src/extension/kit/feature/featureModule';
import { DOCUMENT_SCHEME } from '../../../../src/extension/kit/targets/documentUri';

describe('extension/documents: what the documents feature registers at activation', () => {
  let context: ReturnType<typeof fakeExtensionContext>;
  let host: FeatureHost;

  beforeEach(() => {
    resetFake();
    const made = fakeServices({} as Prompts);
    context = made.context;
    host = {
      services: made.services,
      explorer: { contribute: () => undefined } as never,
      afterActivation: (_what, work) => {
        work();
        return new Disposable(() => undefined);
      },
    };
  });
  afterEach(() => context.dispose());

  it('gives documents their lenses and problems, and takes them away when the extension stops', () => {
    activateFeature(host, documentsFeature, undefined);
    assert.deepEqual(fakeLanguages.registered().sort(), [
      `code lenses for ${DOCUMENT_SCHEME}`,
      `code lenses for ${DOCUMENT_SCHEME}`,
      'problems dbhost.documents',
    ]);
    context.dispose();
    assert.deepEqual(fakeLanguages.registered(), []);
  });

  it('with its file system refused (the scheme taken), leaves no lenses or problems behind when the extension stops', () => {
    workspace.registerFileSystemProvider(DOCUMENT_SCHEME, {});
    assert.throws(() => activateFeature(host, documentsFeature, undefined), /already registered/);
    context.dispose();
    assert.deepEqual(fakeLanguages.registered(), [], 'what the documents made before the file system was refused is still there');
  });
});
