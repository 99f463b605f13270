import type * as vscode from 'vscode';
import { registerCommand } from '../../base/registerCommand';
import type { Services } from '../../services';
import type { CommandId } from './commandIds';
import type { ExplorerTree } from '../tree/explorerTree';
import type { TreeContributor } from '../tree/treeContributions';

/** What every feature is given: the Services, and the DB Host tree as features see it and add to it. */
export interface FeatureHost {
  readonly services: Services;
  readonly explorer: ExplorerTree & TreeContributor;
}

/** A command's handler: the host, and the arguments VS Code (a menu, a tree item, a test) gave the command. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler narrows what it was given itself
export type CommandHandler = (host: FeatureHost, ...args: any[]) => unknown;

/** How a feature registers what is not a command; a feature that gives something to others must have it. */
interface FeatureRegistration<Needs, Gives> {
  /** The rest: tree contributions, views, providers and commands that share state with them. */
  register(host: FeatureHost, needs: Needs): Gives;
}

/**
 * One feature of the extension, declared in its folder's `register<Feature>.ts` and listed in extension.ts:
 * the commands it answers, and what else it registers (tree contributions, views, providers, listeners).
 * `Needs` is what the features listed before it give it, through extension.ts; `Gives` what it gives back.
 */
export type FeatureModule<Needs = void, Gives = void> = {
  /** The feature's folder under src/extension. */
  readonly name: string;
  /** Every command whose handler needs nothing but the host and its arguments. */
  readonly commands?: { readonly [id in CommandId]?: CommandHandler };
} & ([Gives] extends [void] ? Partial<FeatureRegistration<Needs, Gives>> : FeatureRegistration<Needs, Gives>);

/** Registers a feature's commands, then the rest of it; returns what it gives. */
export function activateFeature<Needs, Gives>(host: FeatureHost, feature: FeatureModule<Needs, Gives>, needs: Needs): Gives {
  const commands = Object.entries(feature.commands ?? {}) as [CommandId, CommandHandler][];
  host.services.context.subscriptions.push(
    ...commands.map(([id, handler]): vscode.Disposable =>
      registerCommand(host.services, id, (...args: unknown[]) => handler(host, ...args)),
    ),
  );
  // A feature without `register` gives nothing (its Gives is void), which the type above holds.
  return (feature as Partial<FeatureRegistration<Needs, Gives>>).register?.(host, needs) as Gives;
}

/** Activates features that need nothing from the others and give nothing back, in the order listed. */
export function activateFeatures(host: FeatureHost, features: readonly FeatureModule[]): void {
  for (const feature of features) activateFeature(host, feature, undefined);
}
