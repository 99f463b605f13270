import type { FeatureModule } from '../shared/featureModule';
import { lazyModule } from '../base/lazyModule';
import { registerCommand } from '../base/registerCommand';
import type { Services } from '../services';
import type { TransferCommands } from './transferBundle';
import { CommandId } from '../shared/commandIds';

/** dist/transfer.js, loaded the first time an export or import runs. */
const transfer = lazyModule('transfer.js', (bundle: { transferCommands: TransferCommands }) => bundle.transferCommands);

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

export const transferFeature: FeatureModule = { name: 'transfer', register: ({ services }) => registerTransfer(services) };
