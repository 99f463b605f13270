import * as vscode from 'vscode';
import type { RecordKind } from '../../core/records/recordFacts';
import { factsMarkdown, recordFacts } from '../../core/records/recordFacts';

/** A record's tooltip: its name in bold and the fields a person looks for, in words. */
export function recordTooltip(kind: RecordKind, title: string, record: unknown): vscode.MarkdownString {
  return new vscode.MarkdownString(factsMarkdown(title, recordFacts(kind, record)));
}
