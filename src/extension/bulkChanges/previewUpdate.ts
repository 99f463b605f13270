import * as vscode from 'vscode';
import type { DbHostApi } from '../../core/api/types';
import { previewInCore } from '../../core/bulk/previewInCore';
import { UpdateFailure } from '../../core/bulk/updateOperators';
import type { UpdatePreview, UpdatePreviewRequest } from '../../core/bulk/updatePreview';
import { isAbsentEndpoint } from '../kit/availability/featureAvailability';

/**
 * The preview of a bulk update: the service's dry run, or, where the service answers that it has none, the
 * extension's own computation with the same operators (the preview says which).
 */
export async function previewOf(client: DbHostApi, db: string, col: string, request: UpdatePreviewRequest): Promise<UpdatePreview> {
  try {
    return await client.previewUpdate(db, col, request);
  } catch (error) {
    if (!isAbsentEndpoint(error)) throw error;
  }
  try {
    return await previewInCore(client, db, col, request);
  } catch (error) {
    if (error instanceof UpdateFailure)
      throw new Error(vscode.l10n.t('The update cannot run: {0}. Nothing was sent.', error.message), { cause: error });
    throw error;
  }
}

/** A preview made with `multi` and `upsert` both true, narrowed to what the user then chose. */
export function narrowPreview(preview: UpdatePreview, multi: boolean, upsert: boolean): UpdatePreview {
  const { upsert: inserted, ...rest } = preview;
  return { ...rest, sample: multi ? preview.sample : preview.sample.slice(0, 1), ...(upsert && inserted ? { upsert: inserted } : {}) };
}
