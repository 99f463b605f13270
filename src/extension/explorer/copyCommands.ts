import * as vscode from 'vscode';
import { targetOf } from '../kit/targets/resolveTarget';
import { AccountNode } from './nodes/accountNode';
import { DocumentNode } from './nodes/documentNode';
import { InvoiceNode } from './nodes/invoicesNode';
import { PlanNode } from './nodes/plansNode';
import { idKeyText } from '../../core/documents/documentId';
import { CommandId } from '../kit/feature/commandIds';

/** "Copy Name" and "Copy _id" on tree items. */
export const copyCommands = {
  [CommandId.copyName]: (_host: unknown, arg?: unknown) => copy(nameOf(arg), 'name'),
  [CommandId.copyDocumentId]: (_host: unknown, arg?: unknown) => copy(documentIdOf(arg), '_id'),
};

function nameOf(arg: unknown): string | undefined {
  if (arg instanceof AccountNode) return arg.account.label;
  if (arg instanceof PlanNode) return arg.slug;
  if (arg instanceof InvoiceNode) return String(arg.invoiceId);
  const target = targetOf(arg);
  return target?.index ?? target?.col ?? target?.db ?? target?.deployment;
}

/** The `_id` as Open Document by _id takes it: an object id's hex, a number's digits, a string as is (quoted when it reads as another type). */
function documentIdOf(arg: unknown): string | undefined {
  const id = arg instanceof DocumentNode ? arg.document._id : targetOf(arg)?.docId;
  return id === undefined ? undefined : idKeyText(id);
}

async function copy(text: string | undefined, what: string): Promise<void> {
  if (text === undefined) throw new Error(vscode.l10n.t('Choose an item in the DB Host view to copy its {0}.', what));
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(`Copied ${what}: ${text}`, 3000);
}
