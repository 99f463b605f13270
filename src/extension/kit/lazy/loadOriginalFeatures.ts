import { lazyPart } from '../../base/lazyPart';
import type * as OriginalFeaturesModule from '../../bundles/originalFeaturesBundle';

/**
 * The original service's extras (users, copy database, current operations, slow queries, deployment statistics)
 * are bundled apart, as dist/originalFeatures.mjs, and loaded the first time a database is expanded or one of
 * their commands runs, so what activation loads stays small.
 */
export const originalFeatures = lazyPart<typeof OriginalFeaturesModule>('originalFeatures');
