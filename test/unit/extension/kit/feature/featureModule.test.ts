import '../../../../support/vscodeFake/install';
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import Module from 'node:module';
import { basename, join, relative, resolve } from 'node:path';
import { commands, Disposable, fakeCommands, fakeWindow, resetFake, Uri, workspace } from '../../../../support/vscodeFake/vscode';
import type { fakeExtensionContext } from '../../../../support/vscodeFake/extensionContext';
import { fakeServices } from '../../../../support/vscodeFake/fakeServices';
import type { Prompts } from '../../../../../src/extension/base/prompts';
import { required } from '../../../../../src/extension/base/registerCommand';
import { CommandId } from '../../../../../src/extension/kit/feature/commandIds';
import type { FeatureHost, FeatureModule } from '../../../../../src/extension/kit/feature/featureModule';
import { activateFeature, activateFeatures } from '../../../../../src/extension/kit/feature/featureModule';
import { AfterActivation } from '../../../../../src/extension/base/afterActivation';
import { TreeContributions } from '../../../../../src/extension/kit/tree/treeContributions';
import type { Services } from '../../../../../src/extension/services';
import { bulkChangesFeature } from '../../../../../src/extension/bulkChanges/registerBulkChanges';
import { deploymentLogsFeature } from '../../../../../src/extension/deploymentLogs/registerDeploymentLogs';

const extensionFolder = resolve(__dirname, '..', '..', '..', '..', '..', 'src', 'extension');

/** The FeatureModules the feature folders declare, each in its folder's register<Feature>.ts. */
async function declaredFeatures(): Promise<{ file: string; feature: FeatureModule<unknown, unknown, unknown> }[]> {
  const files = readdirSync(extensionFolder, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /(^|[\\/])register[A-Z]\w*\.ts$/.test(file),
  );
  const modules = await Promise.all(files.map(async (file) => ({ file, exports: (await import(join(extensionFolder, file))) as object })));
  return modules.flatMap(({ file, exports }) =>
    Object.values(exports)
      .filter((value): value is FeatureModule<unknown, unknown, unknown> => typeof value === 'object' && value !== null && 'name' in value)
      .map((feature) => ({ file, feature })),
  );
}

/** What the person at the window was told. */
class Messages implements Prompts {
  readonly shown: string[] = [];
  pick = () => Promise.resolve(undefined);
  input = () => Promise.resolve(undefined);
  confirm = () => Promise.resolve(false);
  info = (message: string) => this.told(`info: ${message}`);
  warn = (message: string) => this.told(`warn: ${message}`);
  error = (message: string) => this.told(`error: ${message}`);
  saveFile = () => Promise.resolve(undefined);
  openFile = () => Promise.resolve(undefined);
  private told(line: string): Promise<undefined> {
    this.shown.push(line);
    return Promise.resolve(undefined);
  }
}

describe('extension/kit/feature: a feature declares every command it answers', () => {
  let context: ReturnType<typeof fakeExtensionContext>;
  let services: Services;
  let messages: Messages;
  const contributed: string[] = [];
  const hostOf = (): FeatureHost => ({
    services,
    explorer: {
      contribute: (kind: string) => {
        contributed.push(kind);
        return new Disposable(() => contributed.splice(contributed.indexOf(kind), 1));
      },
    } as never,
    afterActivation: (_what, work) => {
      work();
      return new Disposable(() => undefined);
    },
  });

  beforeEach(() => {
    resetFake();
    contributed.length = 0;
    messages = new Messages();
    ({ context, services } = fakeServices(messages));
  });
  afterEach(() => context.dispose());

  it("every command of the extension is in exactly one feature's declaration", async () => {
    const declared = (await declaredFeatures()).flatMap(({ file, feature }) =>
      Object.keys(feature.commands ?? {}).map((id) => `${id} (${file})`),
    );
    const ids = declared.map((entry) => entry.split(' ')[0]);
    assert.deepEqual(
      declared.filter((entry, index) => ids.indexOf(entry.split(' ')[0]) !== index),
      [],
      'declared twice',
    );
    assert.deepEqual([...ids].sort(), Object.values(CommandId).sort());
  });

  it('no module but activateFeature registers a command, so none is registered past its declaration', () => {
    const registrars = readdirSync(extensionFolder, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /\bregisterCommand\(/.test(readFileSync(join(extensionFolder, file), 'utf8')))
      .map((file) => relative(extensionFolder, join(extensionFolder, file)).replaceAll('\\', '/'));
    assert.deepEqual(registrars.sort(), ['base/registerCommand.ts', 'kit/feature/featureModule.ts']);
  });

  it("a command answers with what its feature's register made; activateFeature returns what the feature gives", async () => {
    let registered = 0;
    const counter: FeatureModule<number, () => number, { count: number }> = {
      name: 'counter',
      commands: {
        [CommandId.refresh]: ({ own }, step: number) => {
          own.count += step;
        },
      },
      register: (_host, start) => {
        registered += 1;
        return { count: start };
      },
      gives: (own) => () => own.count,
    };
    const read = activateFeature(hostOf(), counter, 10);
    assert.equal(registered, 1);
    assert.deepEqual(fakeCommands.registered(), [CommandId.refresh]);
    await commands.executeCommand(CommandId.refresh, 5);
    assert.equal(read(), 15, 'what it gives reads the same state its commands changed');
    await commands.executeCommand(CommandId.refresh, 1);
    assert.equal(read(), 16);
    assert.equal(registered, 1);
    context.dispose();
    assert.deepEqual(fakeCommands.registered(), [], 'its commands go with the extension');
  });

  it("a lazy feature's command loads its bundle when first run, not at activation, and once", async () => {
    const loaded: string[] = [];
    const undone: string[] = [];
    const bundle = { undoLastChange: (_services: Services, arg: unknown) => void undone.push(String(arg)) };
    const moduleLoader = Module as unknown as { _load(request: string, ...rest: unknown[]): unknown };
    const load = moduleLoader._load;
    moduleLoader._load = function (request: string, ...rest: unknown[]): unknown {
      if (request.endsWith('bulkChanges.mjs')) {
        loaded.push(basename(request));
        return bundle;
      }
      return load.call(this, request, ...rest);
    };
    try {
      activateFeature(hostOf(), bulkChangesFeature, undefined);
      assert.deepEqual(loaded, []);
      await commands.executeCommand(CommandId.undoLastChange, 'shop');
      await commands.executeCommand(CommandId.undoLastChange, 'crm');
      assert.deepEqual(undone, ['shop', 'crm']);
      assert.deepEqual(loaded, ['bulkChanges.mjs']);
    } finally {
      moduleLoader._load = load;
    }
  });

  it('a failing command shows its cause once; a dismissed question ends it quietly', async () => {
    const failing: FeatureModule = {
      name: 'failing',
      commands: {
        [CommandId.addUser]: () => {
          throw new Error('The database shop does not exist.');
        },
        [CommandId.removeUser]: () => required(undefined),
      },
    };
    activateFeature(hostOf(), failing, undefined);
    await commands.executeCommand(CommandId.addUser);
    await commands.executeCommand(CommandId.removeUser);
    assert.deepEqual(messages.shown, ['error: The database shop does not exist.']);
  });

  it('a feature whose register fails is logged with its cause, its set-up does not run, and the features after it and their set-up still do', async () => {
    const afterActivation = new AfterActivation(services.logger);
    const host: FeatureHost = { ...hostOf(), afterActivation: afterActivation.add };
    const setUp: string[] = [];
    const ran: string[] = [];
    const broken: FeatureModule = {
      name: 'users',
      commands: { [CommandId.addUser]: () => void ran.push('added') },
      register: ({ services: { context: extension }, afterActivation: later }) => {
        extension.subscriptions.push(later('the users look', () => setUp.push('users')));
        throw new Error('The users view could not be made.');
      },
    };
    const after: FeatureModule = {
      name: 'copyDatabase',
      commands: { [CommandId.copyDatabase]: () => void ran.push('copied') },
      register: ({ services: { context: extension }, afterActivation: later }) => {
        extension.subscriptions.push(later('the copy menus', () => setUp.push('copy')));
      },
    };
    activateFeatures(host, [broken, after]);
    afterActivation.start();
    await commands.executeCommand(CommandId.copyDatabase);
    assert.deepEqual(ran, ['copied'], 'the feature after the broken one is not there');
    await new Promise<void>((resolve) => afterActivation.add('the end', resolve));
    assert.deepEqual(setUp, ['copy'], "the failed feature's set-up ran, or the set-up of the one after it did not");
    assert.ok(
      fakeWindow.channelLines('DB Host')?.some((line) => /Could not activate users: The users view could not be made\./.test(line)),
      'the failure is not in Output > DB Host',
    );
    // Its command is still there, and says why it cannot answer.
    await commands.executeCommand(CommandId.addUser);
    assert.deepEqual(ran, ['copied'], 'the broken feature ran its command');
    assert.deepEqual(messages.shown, ['error: The users view could not be made.']);
    afterActivation.dispose();
  });

  it('a feature whose register fails half-way leaves nothing it registered behind, so activating it again works', async () => {
    let attempts = 0;
    const users: FeatureModule = {
      name: 'users',
      register: ({ services: { context: extension } }) => {
        const view = workspace.registerTextDocumentContentProvider('dbhost-users', { provideTextDocumentContent: () => 'ann' });
        extension.subscriptions.push(view);
        attempts += 1;
        if (attempts === 1) throw new Error('The users view could not be made.');
      },
    };
    const address = Uri.parse('dbhost-users:/shop');
    activateFeatures(hostOf(), [users]);
    await assert.rejects(workspace.openTextDocument(address), /no provider/, 'the half-made feature still serves its documents');
    activateFeatures(hostOf(), [users]);
    assert.equal((await workspace.openTextDocument(address)).getText(), 'ann', 'what it left in the way failed it again');
  });

  it('a feature that fails after contributing to the tree leaves no item of its own there', async () => {
    const contributions = new TreeContributions();
    const explorer = { contribute: contributions.contribute.bind(contributions) } as never;
    const users: FeatureModule = {
      name: 'users',
      register: ({ services: { context: extension }, explorer: tree }) => {
        extension.subscriptions.push(tree.contribute('database', { children: () => Promise.resolve([{ id: 'users' } as never]) }));
        throw new Error('The users view could not be made.');
      },
    };
    const activity: FeatureModule = {
      name: 'databaseActivity',
      register: ({ services: { context: extension }, explorer: tree }) => {
        extension.subscriptions.push(tree.contribute('database', { children: () => Promise.resolve([{ id: 'activity' } as never]) }));
      },
    };
    activateFeatures({ ...hostOf(), explorer }, [users, activity]);
    const database = { target: { accountId: 'a1', db: 'shop' } } as never;
    assert.deepEqual(
      await contributions.children('database', database, {} as never),
      [{ id: 'activity' }],
      'the failed feature still adds its item',
    );
  });

  it('a command id another feature holds takes only the apart feature down, with none of its commands left half-registered', async () => {
    const ran: string[] = [];
    const first: FeatureModule = { name: 'explorer', commands: { [CommandId.refresh]: () => void ran.push('refreshed') } };
    const clashing: FeatureModule = {
      name: 'copyDatabase',
      commands: { [CommandId.copyDatabase]: () => void ran.push('copied'), [CommandId.refresh]: () => void ran.push('refreshed twice') },
    };
    const after: FeatureModule = { name: 'users', commands: { [CommandId.addUser]: () => void ran.push('added') } };
    activateFeature(hostOf(), first, undefined);
    activateFeatures(hostOf(), [clashing, after]);
    await commands.executeCommand(CommandId.addUser);
    await commands.executeCommand(CommandId.refresh);
    await commands.executeCommand(CommandId.copyDatabase);
    assert.deepEqual(ran, ['added', 'refreshed'], 'the clashing feature ran a command, or took the one after it down');
    assert.deepEqual(messages.shown, [`error: command '${CommandId.refresh}' already exists`]);
    assert.ok(
      fakeWindow
        .channelLines('DB Host')
        ?.some((line) => line.includes(`Could not activate copyDatabase: command '${CommandId.refresh}' already exists`)),
      'the failure is not in Output > DB Host',
    );
  });

  it("Stop Tailing reads the tails its feature's register made: with none running it says so and stops nothing", async () => {
    activateFeature(hostOf(), deploymentLogsFeature, undefined);
    assert.deepEqual(contributed, ['deployment'], 'the tree marks the deployments being tailed');
    await commands.executeCommand(CommandId.stopTailing);
    await commands.executeCommand(CommandId.stopTailing, { accountId: 'a1', deployment: 'prod' });
    assert.deepEqual(messages.shown, ['info: No deployment log is being tailed.', 'info: The log of prod is not being tailed.']);
  });
});
