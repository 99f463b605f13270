import type { FeatureModule } from '../kit/feature/featureModule';
import { registerCommand } from '../base/registerCommand';
import type { TransferCommands } from './transferCommands';
import { CommandId } from '../kit/feature/commandIds';

/**
 * The platform's transfer bundle, loaded the first time an export or import runs: dist/transfer.js over Node's
 * files on the desktop, dist/web/transferWeb.js over `vscode.workspace.fs` in the browser (each composition root
 * gives its own).
 */
export type TransferPart = () => TransferCommands | Promise<TransferCommands>;

type Handler = (...args: unknown[]) => unknown;

/** "Export Documents…" (collection), "Export Results…" (playground query) and "Import Documents…" (database or collection). */
export const transferFeature: FeatureModule<TransferPart> = {
  name: 'transfer',
  register: ({ services }, transfer) => {
    for (const id of [CommandId.exportDocuments, CommandId.exportQueryResults, CommandId.importDocuments] as const)
      services.context.subscriptions.push(
        registerCommand(services, id, async (...args: unknown[]) => ((await transfer())[id] as Handler)(services, ...args)),
      );
  },
};
