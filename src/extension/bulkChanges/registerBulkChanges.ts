import type { FeatureModule } from '../kit/feature/featureModule';
import { CommandId } from '../kit/feature/commandIds';
import { bulkChangesBundle } from '../kit/lazy/loadBulkChanges';

/** Update Matching Documents… and Undo Last Change; their work is in dist/bulkChanges.mjs, loaded when one runs. */
export const bulkChangesFeature: FeatureModule = {
  name: 'bulkChanges',
  commands: {
    [CommandId.undoLastChange]: async ({ services }, arg: unknown) => (await bulkChangesBundle()).undoLastChange(services, arg),
    [CommandId.updateMatchingDocuments]: async ({ services }, arg: unknown) =>
      (await bulkChangesBundle()).updateMatchingDocuments(services, arg),
  },
};
