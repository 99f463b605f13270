// Changes to several rows at once, in the collection view's page: the toolbar button that asks the extension
// for one (VS Code's quick pick and input boxes ask the rest), and how the review shows one.
import type { ReviewItem, WebviewMessage } from '../../core/table/protocol';
import { MAX_SELECTED_ROWS } from '../../core/table/rowSelection';
import { h } from './dom';
import { l10n } from '../shared/l10n';

const plural = (count: number, one: string, many = `${one}s`): string => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** "Change Rows…": the selected rows' keys (in the view's order) go to the extension, which asks what to change. */
export function changeRowsButton(send: (message: WebviewMessage) => void, selectedKeys: () => string[]): HTMLButtonElement {
  const label = l10n.t('Set, unset or rename a field, or apply an update, on the selected rows or on every row the filter matches');
  const element = h('button', { type: 'button', title: label, 'aria-label': label }, l10n.t('Change Rows…')) as HTMLButtonElement;
  element.addEventListener('click', () => send({ type: 'changeRows', keys: selectedKeys().slice(0, MAX_SELECTED_ROWS) }));
  return element;
}

/** The review's heading: documents with cell edits, and changes to several rows with how many documents they touch. */
export function reviewHeading(items: readonly ReviewItem[]): string {
  const cells = items.filter((item) => !item.rows).length;
  const rows = items.filter((item) => item.rows);
  if (items.length === 0) return l10n.t('No staged edits');
  const parts: string[] = [];
  if (cells > 0) parts.push(plural(cells, 'document'));
  for (const item of rows)
    parts.push(
      item.rows!.count === undefined
        ? `${item.rows!.change} (a change to several rows)`
        : `${item.rows!.change} on ${plural(item.rows!.count, 'document')}`,
    );
  return l10n.t('Review changes: {0}', parts.join('; '));
}

/** A staged change to several rows in the review: what it does, to which documents and how many, and the exact bulk update. */
export function rowChangeArticle(item: ReviewItem): HTMLElement {
  const rows = item.rows!;
  const count = rows.count === undefined ? 'documents' : plural(rows.count, 'document');
  return h(
    'article',
    { className: 'row-change' },
    h('h3', {}, `PUT documents (multi): ${rows.change}`),
    h('p', {}, `${count}: ${rows.scope}. Save previews it (the count and sampled documents before and after) and asks before it is sent.`),
    item.error ? h('p', { className: 'field-error' }, item.error) : h('pre', { className: 'body' }, item.body ?? ''),
  );
}

/** The toolbar's staged text with the changes to several rows beside the documents with cell edits. */
export function stagedText(documents: number, rowChanges: number): string {
  const parts: string[] = [];
  if (documents > 0) parts.push(`${plural(documents, 'document')} with staged edits`);
  if (rowChanges > 0) parts.push(`${plural(rowChanges, 'change')} to several rows staged`);
  return parts.join(', ');
}
