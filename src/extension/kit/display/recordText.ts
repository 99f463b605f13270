import * as vscode from 'vscode';
import { documentTooltipText } from '../../../core/documents/documentSummary';
import { LosslessNumber } from '../../../core/json/lossless';

/** Records come in whatever shape the service chose; these read them without trusting the shape. */

export function textField(record: unknown, ...fields: string[]): string | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  for (const field of fields) {
    const value = (record as Record<string, unknown>)[field];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
    if (value instanceof LosslessNumber) return value.text;
  }
  return undefined;
}

export function numberField(record: unknown, field: string): number | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const value = (record as Record<string, unknown>)[field];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (value instanceof LosslessNumber && Number.isFinite(Number(value.text))) return Number(value.text);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** A plan's price as the plan list gives it: "free" for 0, otherwise the amount. */
export function formatPrice(price: number | undefined): string | undefined {
  if (price === undefined) return undefined;
  if (price === 0) return 'free';
  return `$${Number.isInteger(price) ? price : price.toFixed(2)}`;
}

/** The record as pretty JSON, cut short for a hover. */
export function jsonTooltip(value: unknown): vscode.MarkdownString {
  const tooltip = new vscode.MarkdownString();
  tooltip.appendCodeblock(documentTooltipText(value), 'json');
  return tooltip;
}
