import type { FeatureModule } from '../kit/feature/featureModule';
import { registerCommand } from '../base/registerCommand';
import type { Services } from '../services';
import { CommandId } from '../kit/feature/commandIds';
import { bulkChangesBundle } from '../kit/lazy/loadBulkChanges';

export function registerBulkChanges(services: Services): void {
  services.context.subscriptions.push(
    registerCommand(services, CommandId.undoLastChange, async (arg: unknown) => (await bulkChangesBundle()).undoLastChange(services, arg)),
    registerCommand(services, CommandId.updateMatchingDocuments, async (arg: unknown) =>
      (await bulkChangesBundle()).updateMatchingDocuments(services, arg),
    ),
  );
}

export const bulkChangesFeature: FeatureModule = { name: 'bulkChanges', register: ({ services }) => registerBulkChanges(services) };
