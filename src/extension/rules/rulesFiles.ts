import * as vscode from 'vscode';
import type { CollectionRulesUpdate } from '../../core/api/collectionRules';
import { collectionRulesOf } from '../../core/api/collectionRules';
import { isServiceError } from '../../core/api/serviceError';
import { NEW_RULES, RulesFileError, parseRulesFile, removesRules, rulesFileText } from '../../core/rules/rulesFile';
import { isAbsentEndpoint, markAbsent } from '../kit/availability/featureAvailability';
import type { Services } from '../services';
import type { RulesAddress } from './rulesUri';
import { parseRulesUri } from './rulesUri';

const decoder = new TextDecoder('utf-8');

/** A message ending as a sentence, for another to follow it. */
const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Whether a 404 says the collection (or its database) is missing rather than that the service keeps no rules. */
const isMissingCollection = (error: unknown): boolean =>
  isServiceError(error) && error.status === 404 && /does not exist/i.test(error.serviceMessage ?? '');

/**
 * Reading and saving rules files: a read GETs the collection's statistics (a collection without rules reads as a
 * template to fill in), a save PUTs the rules through the account's client, where the guardrails decide it. A
 * refused save throws, so VS Code keeps the edit and says why.
 */
export class RulesFiles {
  /** The last text read or written per file, and when it changed: VS Code's "file is newer" check compares these times. */
  private readonly seen = new Map<string, { text: string; mtime: number }>();

  constructor(
    private readonly services: Services,
    private readonly saved: (address: RulesAddress) => void,
  ) {}

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const { text, mtime } = await this.read(uri);
    return { type: vscode.FileType.File, ctime: 0, mtime, size: new TextEncoder().encode(text).byteLength };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return new TextEncoder().encode((await this.read(uri)).text);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const address = parseRulesUri(uri);
    let update: CollectionRulesUpdate;
    try {
      update = parseRulesFile(decoder.decode(content));
    } catch (error) {
      if (error instanceof RulesFileError) throw new vscode.FileSystemError(error.message);
      throw error;
    }
    const client = await this.services.accounts.clientFor(address.accountId);
    try {
      await client.setCollectionRules(address.db, address.col, update);
    } catch (error) {
      if (isAbsentEndpoint(error) && !isMissingCollection(error)) markAbsent(client, 'rules');
      throw this.saveError(address, error);
    }
    const removed = update.validator !== undefined && removesRules(update.validator);
    this.services.logger
      .scoped('rules')
      .info(removed ? `Removed the rules of ${address.db}.${address.col}` : `Set the rules of ${address.db}.${address.col}`);
    this.seen.delete(uri.toString());
    this.saved(address);
  }

  private async read(uri: vscode.Uri): Promise<{ text: string; mtime: number }> {
    const address = parseRulesUri(uri);
    let text: string;
    try {
      const client = await this.services.accounts.clientFor(address.accountId);
      text = rulesFileText(collectionRulesOf(await client.getCollectionStats(address.db, address.col)) ?? NEW_RULES);
    } catch (error) {
      if (isMissingCollection(error))
        throw vscode.FileSystemError.FileNotFound(
          vscode.l10n.t('The collection {0}.{1} does not exist on the service.', address.db, address.col),
        );
      throw new vscode.FileSystemError(
        vscode.l10n.t('Could not read the rules of {0}.{1}: {2}', address.db, address.col, this.services.logger.describe(error)),
      );
    }
    const key = uri.toString();
    const last = this.seen.get(key);
    if (last?.text === text) return last;
    const next = { text, mtime: Math.max(Date.now(), (last?.mtime ?? 0) + 1) };
    this.seen.set(key, next);
    return next;
  }

  /** Why a save did not go through, cause first; the edit stays in the editor. */
  private saveError(address: RulesAddress, error: unknown): vscode.FileSystemError {
    const collection = `${address.db}.${address.col}`;
    if (isServiceError(error) && error.kind === 'http' && isAbsentEndpoint(error) && !isMissingCollection(error))
      return vscode.FileSystemError.Unavailable(
        vscode.l10n.t(
          'This service does not keep collection rules (it has no such endpoint): the rules of {0} were not saved.',
          collection,
        ),
      );
    if (isServiceError(error) && error.kind === 'http' && error.status === 400 && error.serviceMessage)
      return new vscode.FileSystemError(
        vscode.l10n.t(
          'The service refused the rules of {0}: {1} Your edit is kept; correct it and save again.',
          collection,
          sentence(error.serviceMessage),
        ),
      );
    return new vscode.FileSystemError(
      vscode.l10n.t('{0} The rules of {1} were not saved; your edit is kept.', this.services.logger.describe(error), collection),
    );
  }
}
