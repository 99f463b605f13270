import * as vscode from 'vscode';
import type { RulesSuggestion } from '../../core/rules/rulesCompletion';
import { rulesSuggestions } from '../../core/rules/rulesCompletion';
import type { FieldSchema } from '../../core/schema/inferSchema';
import type { LoadKnowledge } from '../kit/lazy/loadKnowledge';
import { parseRulesUri } from './rulesUri';

const KINDS: Record<RulesSuggestion['kind'], vscode.CompletionItemKind> = {
  keyword: vscode.CompletionItemKind.Keyword,
  type: vscode.CompletionItemKind.TypeParameter,
  field: vscode.CompletionItemKind.Field,
  setting: vscode.CompletionItemKind.EnumMember,
};

/** A word of a rules file: a keyword, a type or a field name as far as it is typed (`$`, letters, digits, `_`, `.`). */
const WORD = /[\w$.]+/;

/**
 * Completion in a rules file: `$jsonSchema` keywords, BSON type names, the collection's sampled fields (from the
 * schema the Schema item shows, sampled once and shared), levels and actions.
 */
export async function rulesCompletions(
  knowledge: LoadKnowledge,
  document: vscode.TextDocument,
  position: vscode.Position,
): Promise<vscode.CompletionItem[]> {
  const text = document.getText();
  const offset = document.offsetAt(position);
  const needsFields = rulesSuggestions(text, offset, []).length === 0;
  const fields: readonly FieldSchema[] = needsFields ? await sampledFields(knowledge, document.uri) : [];
  const range = document.getWordRangeAtPosition(position, WORD);
  // Between quotes the name alone goes in; elsewhere (`{|}`, `[|]`) it goes in quoted.
  const quoted = text[document.offsetAt(range?.start ?? position) - 1] === '"';
  return rulesSuggestions(text, offset, fields).map((suggestion) => {
    const item = new vscode.CompletionItem(suggestion.label, KINDS[suggestion.kind]);
    item.detail = suggestion.detail;
    if (!quoted) item.insertText = JSON.stringify(suggestion.label);
    if (range) item.range = range;
    return item;
  });
}

async function sampledFields(knowledge: LoadKnowledge, uri: vscode.Uri): Promise<readonly FieldSchema[]> {
  try {
    return (await (await knowledge()).schemas.get(parseRulesUri(uri))).schema.fields;
  } catch {
    // Without a sample (no documents, the service unreachable) the keywords and types are still offered.
    return [];
  }
}
