import * as vscode from 'vscode';
import { fieldReferenceAt } from '../../core/playground/completionPlace';
import { pipelineDocAt } from '../../core/playground/pipelineHover';
import { findField } from '../../core/schema/inferSchema';
import { describeField, describePresence, formatAge, notSeenMessage } from '../../core/schema/schemaText';
import type { Logger } from '../base/logger';
import type { PlaygroundData } from './playgroundData';
import { isPlaygroundDocument } from '../kit/playground/playgroundFiles';

const escapeMarkdown = (text: string) => text.replace(/[\\`*_{}[\]()#+!<>|~-]/g, '\\$&');

/** On a field name of a playground: its types and how often it appears in the collection's sample. */
export class PlaygroundHovers implements vscode.HoverProvider {
  constructor(
    private readonly data: PlaygroundData,
    private readonly logger: Logger,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    if (!isPlaygroundDocument(document)) return undefined;
    const documented = pipelineDocAt(document.getText(), document.offsetAt(position));
    if (documented) {
      const { offset, length } = documented.range;
      const range = new vscode.Range(document.positionAt(offset), document.positionAt(offset + length));
      return new vscode.Hover(new vscode.MarkdownString(documented.markdown), range);
    }
    const reference = fieldReferenceAt(document.getText(), document.offsetAt(position));
    if (!reference) return undefined;
    let cached;
    try {
      cached = await this.data.schemaOf(document.uri, reference.target);
    } catch (error) {
      this.logger.warn(`The hover could not sample the schema: ${this.logger.describe(error)}`);
      return undefined;
    }
    if (!cached) return undefined;
    const field = findField(cached.schema, reference.path);
    const summary = field
      ? `${describeField(field)}, ${describePresence(field, cached.schema)}`
      : notSeenMessage(reference.path, cached.schema);
    const age = `Sampled ${formatAge(Date.now() - cached.sampledAt.getTime())} from ${reference.target.database}.${reference.target.collection}.`;
    const text = new vscode.MarkdownString(`**${escapeMarkdown(reference.path)}**: ${escapeMarkdown(summary)}\n\n${escapeMarkdown(age)}`);
    const range = new vscode.Range(
      document.positionAt(reference.range.offset),
      document.positionAt(reference.range.offset + reference.range.length),
    );
    return new vscode.Hover(text, range);
  }
}
