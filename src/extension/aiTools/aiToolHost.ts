import * as vscode from 'vscode';
import { isReadTool, runReadTool } from '../../core/aiTools/readToolRunner';
import type { PlannedWrite } from '../../core/aiTools/plannedWrite';
import { isWriteCall, isWriteTool, planWrite } from '../../core/aiTools/plannedWrite';
import { confirmationText } from '../../core/aiTools/confirmationText';
import { noAggregationText } from '../../core/aiTools/aggregateAbsence';
import { accountTitle, modeLabel, modeOf } from '../../core/guardrails/accountGuardrails';
import { confirmationTitle, refusalText } from '../../core/guardrails/requestText';
import { stringifyLossless } from '../../core/json/lossless';
import type { DbHostApi } from '../../core/api/types';
import type { Account } from '../kit/accounts/account';
import type { Services } from '../services';
import { aggregateMemory } from '../kit/availability/aggregateProbe';
import { accountForTool } from './accountForTool';
import { AiActivityLog } from './aiActivityLog';

/** A confirmation shown for one call is good for that call only, and not forever. */
const CONFIRMATION_LIFETIME_MS = 10 * 60_000;

/**
 * The language-model tools' work, in dist/aiTools.mjs: the account each call names, its guardrails mode
 * (Read-only refuses writes, Confirm writes shows the exact request in prepareInvocation), the shared
 * tools of core/aiTools, and one line of "DB Host AI activity" per call.
 */
export class AiToolHost {
  readonly log: AiActivityLog;
  private readonly confirmed = new Map<string, { plan: PlannedWrite; at: number }>();

  constructor(
    private readonly services: Services,
    private readonly redact: (text: string) => string,
  ) {
    this.log = new AiActivityLog(redact);
  }

  async prepare(name: string, input: unknown): Promise<vscode.PreparedToolInvocation | undefined> {
    if (!isWriteTool(name) && name !== 'dbhost_aggregate') return undefined;
    let account: Account;
    let client: DbHostApi;
    let plan: PlannedWrite;
    try {
      const resolved = accountForTool(this.services.accounts, input);
      if (!isWriteCall(name, resolved.rest)) return undefined;
      account = resolved.account;
      client = await this.services.accounts.clientFor(account.id);
      plan = planWrite(name, resolved.rest, aggregateMemory(client, account.label));
    } catch {
      return undefined; // invoke answers the input error
    }
    const mode = modeOf(account);
    const invocationMessage = vscode.l10n.t('{0} on "{1}"', plan.summary, accountTitle(account.label, account.tag));
    // Nothing to confirm on a service known to have no aggregation: invoke says so and sends nothing.
    if (mode !== 'confirm' || (name === 'dbhost_aggregate' && aggregateMemory(client, account.label).known())) return { invocationMessage };
    const affected = await plan
      .affected(client)
      .catch((error: unknown) => `Affects: could not be counted (${error instanceof Error ? error.message : String(error)}).`);
    this.confirmed.set(this.keyOf(name, account, input), { plan, at: Date.now() });
    // A code block: the request shows exactly as sent, and no label or value is read as Markdown.
    const message = new vscode.MarkdownString().appendCodeblock(confirmationText(plan, account.label, account.tag, affected), 'text');
    return { invocationMessage, confirmationMessages: { title: confirmationTitle(account.label, account.tag, plan.request), message } };
  }

  async invoke(name: string, input: unknown): Promise<vscode.LanguageModelToolResult> {
    let label = '(none)';
    let outcome: string | undefined;
    let text: string;
    try {
      if (name === 'dbhost_listAccounts') text = this.listAccounts();
      else {
        const { account, rest } = accountForTool(this.services.accounts, input);
        label = account.label;
        ({ text, outcome } = await this.run(name, account, rest, input));
      }
      outcome ??= `ok, ${text.length} characters`;
    } catch (error) {
      text = `Error: ${error instanceof Error ? error.message : String(error)}`;
      outcome = `failed: ${text}`;
    }
    this.log.record({ account: label, tool: name, input, outcome });
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(this.redact(text))]);
  }

  private async run(
    name: string,
    account: Account,
    rest: Record<string, unknown>,
    input: unknown,
  ): Promise<{ text: string; outcome?: string }> {
    const client = await this.services.accounts.clientFor(account.id);
    const aggregate = aggregateMemory(client, account.label);
    if (isReadTool(name) && !isWriteCall(name, rest)) return { text: await runReadTool(client, name, rest, account.label, aggregate) };
    if (!isWriteCall(name, rest)) throw new Error(`No DB Host tool is named ${name}.`);
    const key = this.keyOf(name, account, input);
    const confirmed = this.takeConfirmed(key);
    const plan = confirmed ?? planWrite(name, rest, aggregate);
    if (name === 'dbhost_aggregate' && aggregate.known())
      return { text: noAggregationText(account.label, false), outcome: 'not sent (the service has no aggregation)' };
    const mode = modeOf(account);
    if (mode === 'readOnly') {
      const refusal = refusalText(account.label, account.tag, mode, plan.request);
      return { text: `Refused, nothing was sent. ${refusal}`, outcome: `refused (${modeLabel(mode)})` };
    }
    // Confirmed in prepareInvocation's dialog: the guard does not ask again. Otherwise (a caller that skipped
    // prepareInvocation) the account's own Confirm-writes question asks before it is sent.
    const text =
      mode === 'confirm' && confirmed
        ? await this.services.accounts.withConfirmedClient(account.id, (confirmedClient) => plan.send(confirmedClient))
        : await plan.send(client);
    return { text, outcome: `sent ${plan.request.method} ${plan.request.path}` };
  }

  private listAccounts(): string {
    const accounts = this.services.accounts.list();
    if (accounts.length === 0) return 'No DB Host account is set up: the user adds one with "DB Host: Add Account…".';
    const lines = accounts.map(
      (account) => `- "${account.label}"${account.tag ? ` [${account.tag}]` : ''}: ${account.baseUrl}, mode ${modeLabel(modeOf(account))}`,
    );
    return `DB Host accounts (pass the label as "account"):\n${lines.join('\n')}`;
  }

  private keyOf(name: string, account: Account, input: unknown): string {
    return `${name}\u0000${account.id}\u0000${stringifyLossless(input ?? {})}`;
  }

  private takeConfirmed(key: string): PlannedWrite | undefined {
    const entry = this.confirmed.get(key);
    this.confirmed.delete(key);
    for (const [other, { at }] of this.confirmed) if (Date.now() - at > CONFIRMATION_LIFETIME_MS) this.confirmed.delete(other);
    return entry && Date.now() - entry.at <= CONFIRMATION_LIFETIME_MS ? entry.plan : undefined;
  }
}
