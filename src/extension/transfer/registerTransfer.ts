import * as path from 'node:path';
import { registerCommand } from '../base/registerCommand';
import type { Services } from '../services';
import type { TransferCommands } from './transferBundle';
import { CommandId } from '../shared/commandIds';

let loaded: TransferCommands | undefined;

/** dist/transfer.js, loaded the first time an export or import runs. */
function transfer(): TransferCommands {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time path esbuild must not follow
  loaded ??= (require(path.join(__dirname, 'transfer.js')) as { transferCommands: TransferCommands }).transferCommands;
  return loaded;
}

/** "Export Documents…" (collection), "Export Results…" (playground query) and "Import Documents…" (database or collection). */
export function registerTransfer(services: Services): void {
  services.context.subscriptions.push(
    registerCommand(services, CommandId.exportDocuments, (arg?: unknown) => transfer().exportCollection(services, arg)),
    registerCommand(services, CommandId.exportQueryResults, (file?: unknown, index?: unknown) =>
      transfer().exportQueryResults(services, file, index),
    ),
    registerCommand(services, CommandId.importDocuments, (arg?: unknown) => transfer().importDocuments(services, arg)),
  );
}
