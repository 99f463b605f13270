import type * as vscode from 'vscode';
import { registerCommand } from '../../base/registerCommand';
import type { Services } from '../../services';
import type { CommandId } from './commandIds';
import type { ExplorerTree } from '../tree/explorerTree';
import type { TreeContributor } from '../tree/treeContributions';
import type { RunAfterActivation } from '../../base/afterActivation';

/**
 * What every feature is given: the Services, the DB Host tree as features see it and add to it, and where to hand
 * set-up that no activation event waits for (language providers, context keys, the status bar), which runs
 * right after activation.
 */
export interface FeatureHost {
  readonly services: Services;
  readonly explorer: ExplorerTree & TreeContributor;
  readonly afterActivation: RunAfterActivation;
}

/** What a feature's command handlers are given: the host, and what the feature's own `register` made (`Own`). */
export interface FeatureScope<Own> extends FeatureHost {
  readonly own: Own;
}

/** A command's handler: the feature's scope, and the arguments VS Code (a menu, a tree item, a test) gave the command. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler narrows what it was given itself
export type CommandHandler<Own = void> = (feature: FeatureScope<Own>, ...args: any[]) => unknown;

/** A feature's commands by id; a part of a feature may declare its own table, spread into the feature's. */
export type FeatureCommands<Own = void> = { readonly [id in CommandId]?: CommandHandler<Own> };

/** How a feature registers what is not a command, and makes what its commands share with it (`Own`). */
interface FeatureRegistration<Needs, Own> {
  /** Tree contributions, views, providers, listeners; returns what the feature's commands share with them. */
  register(host: FeatureHost, needs: Needs): Own;
}

/** What a feature gives the features after it, when that is not what its commands share (`Own`). */
interface FeatureGift<Gives, Own> {
  gives(own: Own): Gives;
}

/**
 * One feature of the extension, declared in its folder's `register<Feature>.ts` and listed in activateDbHost.ts:
 * every command it answers, and what else it registers (tree contributions, views, providers, listeners).
 * `Needs` is what the features listed before it give it; `Own` what its `register` makes for its commands (the
 * state they share with its views and providers, the loader of its bundle); `Gives` what it gives back: `Own`
 * itself, or `gives(own)`. A feature that makes or gives something must have `register` (and `gives`): the
 * type says so, so `activateFeature` returns what it gives with no `!`.
 */
export type FeatureModule<Needs = void, Gives = void, Own = Gives> = {
  /** The feature's folder under src/extension. */
  readonly name: string;
  /** Every command of the feature, each given the host, what `register` made, and its arguments. */
  readonly commands?: FeatureCommands<Own>;
} & ([Own] extends [void] ? Partial<FeatureRegistration<Needs, Own>> : FeatureRegistration<Needs, Own>) &
  ([Gives] extends [void] ? unknown : [Own] extends [Gives] ? unknown : FeatureGift<Gives, Own>);

/** Registers the rest of a feature, then its commands with what that made; returns what the feature gives. */
export function activateFeature<Needs, Gives, Own>(host: FeatureHost, feature: FeatureModule<Needs, Gives, Own>, needs: Needs): Gives {
  // A feature without `register` makes nothing (its Own is void), one without `gives` gives its Own: the type above holds both.
  const declared = feature as { commands?: FeatureCommands<Own> } & Partial<FeatureRegistration<Needs, Own> & FeatureGift<Gives, Own>>;
  const own = declared.register?.(host, needs) as Own;
  const scope: FeatureScope<Own> = { ...host, own };
  const commands = Object.entries(declared.commands ?? {}) as [CommandId, CommandHandler<Own>][];
  host.services.context.subscriptions.push(
    ...commands.map(([id, handler]): vscode.Disposable =>
      registerCommand(host.services, id, (...args: unknown[]) => handler(scope, ...args)),
    ),
  );
  return declared.gives ? declared.gives(own) : (own as unknown as Gives);
}

/** Activates features that need nothing from the others and give nothing back, in the order listed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- what each feature makes for its own commands stays its own
export function activateFeatures(host: FeatureHost, features: readonly FeatureModule<void, void, any>[]): void {
  for (const feature of features) activateFeature(host, feature, undefined);
}
