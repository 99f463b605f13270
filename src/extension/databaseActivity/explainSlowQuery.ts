import * as vscode from 'vscode';
import { isReplayableQuery, namespaceOf } from '../../core/activity/slowQueryPlayground';
import type { ExplainRequest } from '../../core/indexes/explainArgs';
import { isJsonObject } from '../../core/json/lossless';
import { CommandId } from '../kit/feature/commandIds';
import type { Services } from '../services';
import { ActivityEntryNode } from './activityNodes';

/** "Explain" on a slow query: its filter and order, explained on its collection (through dbhost.explainQuery). */
export async function explainSlowQuery(services: Services, arg: unknown): Promise<void> {
  if (!(arg instanceof ActivityEntryNode) || arg.kind !== 'slowQuery')
    throw new Error(vscode.l10n.t('Choose a slow query in the DB Host tree to explain it.'));
  const target = namespaceOf(arg.entry.ns);
  if (!isReplayableQuery(arg.entry) || !target)
    throw new Error(vscode.l10n.t('Only a slow query on a collection can be explained; this one is a command or a write.'));
  services.accounts.require(arg.target.accountId);
  const { query, orderby } = arg.entry;
  const request: ExplainRequest = {
    accountId: arg.target.accountId,
    db: target.db,
    col: target.col,
    query: {
      ...(isJsonObject(query) ? { q: query } : {}),
      ...(isJsonObject(orderby) ? { sort: orderby as Record<string, 1 | -1> } : {}),
      limit: 20,
    },
  };
  await vscode.commands.executeCommand(CommandId.explainQuery, request);
}
