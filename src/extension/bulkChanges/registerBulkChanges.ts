import type { FeatureModule } from '../shared/featureModule';
import { registerCommand } from '../base/registerCommand';
import type { Services } from '../services';
import { CommandId } from '../shared/commandIds';
import { bulkChangesBundle } from '../shared/loadBulkChanges';

export function registerBulkChanges(services: Services): void {
  services.context.subscriptions.push(
    registerCommand(services, CommandId.undoLastChange, async (arg: unknown) => (await bulkChangesBundle()).undoLastChange(services, arg)),
    registerCommand(services, CommandId.updateMatchingDocuments, async (arg: unknown) =>
      (await bulkChangesBundle()).updateMatchingDocuments(services, arg),
    ),
  );
}

export const bulkChangesFeature: FeatureModule = { name: 'bulkChanges', register: ({ services }) => registerBulkChanges(services) };
