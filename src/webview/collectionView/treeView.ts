// The page's documents as a tree: each document a branch, each object and array a branch of its own.
import type { JsonObject, JsonValue } from '../../core/json/lossless';
import { KIND_LABELS, displayText, kindOf } from '../../core/table/cellValue';
import { isCellChanged } from '../../core/table/stagedEdits';
import { h } from './dom';
import type { Row } from './state';
import { l10n } from '../shared/l10n';

function valueNode(key: string, value: JsonValue | undefined, changed: boolean): HTMLElement {
  const kind = kindOf(value);
  if ((kind === 'object' || kind === 'array') && value !== undefined) {
    const entries: [string, JsonValue][] = Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : Object.entries(value as JsonObject);
    return h(
      'li',
      { role: 'treeitem' },
      h(
        'details',
        {},
        h('summary', { className: changed ? 'changed' : '' }, `${key}: ${displayText(value)}`),
        h('ul', { role: 'group' }, ...entries.map(([k, v]) => valueNode(k, v, false))),
      ),
    );
  }
  return h(
    'li',
    { role: 'treeitem', className: changed ? 'changed' : '' },
    `${key}: `,
    h('span', { className: `k-${kind}` }, displayText(value)),
    h('span', { className: 'kind' }, ` ${KIND_LABELS[kind]}`),
  );
}

export function treeView(rows: readonly Row[]): HTMLElement {
  return h(
    'ul',
    { className: 'tree', role: 'tree', 'aria-label': l10n.t('Documents as a tree') },
    ...rows.map((row, index) => {
      const fields = Object.keys(row.shown).map((key) =>
        valueNode(key, row.shown[key], row.edits.length > 0 && isCellChanged(row.original, row.shown, [key])),
      );
      return h(
        'li',
        { role: 'treeitem' },
        h(
          'details',
          { open: index === 0 || rows.length <= 10 },
          h('summary', {}, `_id ${displayText(row.original._id as JsonValue)}`),
          h('ul', { role: 'group' }, ...fields),
        ),
      );
    }),
  );
}
