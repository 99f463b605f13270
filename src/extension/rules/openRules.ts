import * as vscode from 'vscode';
import type { Services } from '../services';
import { resolveCollection } from '../shared/resolveTarget';
import { rulesUri } from './rulesUri';

/**
 * Opens a collection's rules as a JSON file (Rules item, Set Rules…): the rules the service keeps, or, for a
 * collection without rules, a schema to fill in. Saving the file sets them.
 */
export async function openRules(services: Services, arg: unknown): Promise<vscode.Uri> {
  const { accountId, db, col } = await resolveCollection(services, arg);
  const uri = rulesUri({ accountId, db, col });
  await vscode.window.showTextDocument(uri, { preview: false });
  return uri;
}
