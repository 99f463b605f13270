import type { FeatureModule } from '../kit/feature/featureModule';
import type { TransferCommands } from './transferCommands';
import { CommandId } from '../kit/feature/commandIds';

/**
 * The platform's transfer bundle, loaded the first time an export or import runs: dist/transfer.mjs over Node's
 * files on the desktop, dist/web/transferWeb.js over `vscode.workspace.fs` in the browser (each composition root
 * gives its own).
 */
export type TransferPart = () => TransferCommands | Promise<TransferCommands>;

/** "Export Documents…" (collection), "Export Results…" (playground query) and "Import Documents…" (database or collection). */
export const transferFeature: FeatureModule<TransferPart, void, TransferPart> = {
  name: 'transfer',
  commands: {
    [CommandId.exportDocuments]: async ({ services, own: transfer }, arg?: unknown) =>
      (await transfer())[CommandId.exportDocuments](services, arg),
    [CommandId.exportQueryResults]: async ({ services, own: transfer }, file?: unknown, index?: unknown) =>
      (await transfer())[CommandId.exportQueryResults](services, file, index),
    [CommandId.importDocuments]: async ({ services, own: transfer }, arg?: unknown) =>
      (await transfer())[CommandId.importDocuments](services, arg),
  },
  register: (_host, transfer) => transfer,
};
