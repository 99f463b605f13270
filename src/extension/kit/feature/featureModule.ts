import { registerCommand } from '../../base/registerCommand';
import type { Services } from '../../services';
import type { CommandId } from './commandIds';
import type { ExplorerTree } from '../tree/explorerTree';
import type { TreeContributor } from '../tree/treeContributions';
import type { RunAfterActivation } from '../../base/afterActivation';

/**
 * What every feature is given: the Services, the DB Host tree as features see it and add to it, and where to hand
 * set-up that no activation event waits for (language providers, context keys, the status bar), which runs
 * right after activation. What `explorer.contribute` and `afterActivation` return, the feature keeps in
 * `services.context.subscriptions`, like everything else it registers.
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
export type CommandHandler<Own = void> = (feature: FeatureScope<Own>, ...args: any[]) => void | Promise<void>;

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
  const declared = feature as Declared<Needs, Gives, Own>;
  const own = declared.register?.(host, needs) as Own;
  registerCommandsOf(host, declared, own);
  return declared.gives ? declared.gives(own) : (own as unknown as Gives);
}

/**
 * Activates a feature that no other needs, apart from the rest: if its `register` or one of its commands fails to
 * register (an id already taken), the failure is logged with its cause and what it put in the extension's
 * subscriptions so far is disposed: its tree contributions, rules check and set-up handed over to run after
 * activation go with it, as it keeps each there. The features after it still activate (and the set-up they hand
 * over still runs); each of its commands then answers with that cause.
 */
export function activateApart<Needs, Own>(host: FeatureHost, feature: FeatureModule<Needs, void, Own>, needs: Needs): void {
  const declared = feature as Declared<Needs, void, Own>;
  const subscriptions = host.services.context.subscriptions;
  const registeredBefore = subscriptions.length;
  try {
    const own = declared.register?.(host, needs) as Own;
    registerCommandsOf(host, declared, own);
  } catch (error) {
    host.services.logger.error(`Could not activate ${feature.name}`, error);
    for (const made of subscriptions.splice(registeredBefore).reverse()) disposeQuietly(host, feature.name, made);
    answerWithFailure(host, declared, error);
  }
}

/** Activates, each apart from the rest, features that need nothing from the others and give nothing back, in the order listed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- what each feature makes for its own commands stays its own
export function activateFeatures(host: FeatureHost, features: readonly FeatureModule<void, void, any>[]): void {
  for (const feature of features) activateApart(host, feature, undefined);
}

type Declared<Needs, Gives, Own> = { commands?: FeatureCommands<Own> } & Partial<FeatureRegistration<Needs, Own> & FeatureGift<Gives, Own>>;

/** Registers each command the feature declares, its handler given the host and what the feature's register made. */
function registerCommandsOf<Own>(host: FeatureHost, declared: { commands?: FeatureCommands<Own> }, own: Own): void {
  const scope: FeatureScope<Own> = { ...host, own };
  const commands = Object.entries(declared.commands ?? {}) as [CommandId, CommandHandler<Own>][];
  // Each kept as soon as it is made: one whose id is taken leaves those before it where activateApart disposes them.
  for (const [id, handler] of commands)
    host.services.context.subscriptions.push(registerCommand(host.services, id, (...args: unknown[]) => handler(scope, ...args)));
}

/** Registers each command of a feature that failed to activate, answering with why; an id another feature holds stays its. */
function answerWithFailure<Own>(host: FeatureHost, declared: { commands?: FeatureCommands<Own> }, error: unknown): void {
  for (const id of Object.keys(declared.commands ?? {}) as CommandId[]) {
    try {
      host.services.context.subscriptions.push(
        registerCommand(host.services, id, () => {
          throw error;
        }),
      );
    } catch {
      // The id is the one that failed: the feature that registered it first answers it.
    }
  }
}

function disposeQuietly(host: FeatureHost, name: string, made: { dispose(): unknown }): void {
  try {
    made.dispose();
  } catch (error) {
    host.services.logger.error(`Could not undo part of ${name}`, error);
  }
}
