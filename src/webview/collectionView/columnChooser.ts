// The Columns chooser: which fields the view asks the service for (a projection), from every column seen so far.
import type { Column } from '../../core/table/columns';
import { columnLabel } from '../../core/table/columns';
import { button, h } from './dom';
import { l10n } from '../shared/l10n';

export class ColumnChooser {
  readonly element = h('details', { className: 'chooser' }, h('summary', {}, l10n.t('Columns'))) as HTMLDetailsElement;

  /** `onFields` receives the paths to ask for, or [] for all fields. */
  constructor(private readonly onFields: (fields: string[][]) => void) {}

  render(known: Iterable<Column>, fields: readonly string[][]): void {
    const projected = new Set(fields.map(columnLabel));
    const boxes = [...known]
      .filter((column) => column.path[0] !== '_id')
      .map((column) => {
        const box = h('input', { type: 'checkbox' }) as HTMLInputElement;
        box.checked =
          projected.size === 0 ||
          projected.has(column.label) ||
          column.path.some((_, i) => projected.has(columnLabel(column.path.slice(0, i + 1))));
        box.dataset.label = column.label;
        return h('label', {}, box, ` ${column.label}`);
      });
    const apply = button(l10n.t('Ask the service for the checked fields only'), l10n.t('Show only checked'), () => {
      const checked = [...this.element.querySelectorAll<HTMLInputElement>('input[type=checkbox]')]
        .filter((box) => box.checked)
        .map((box) => (box.dataset.label as string).split('.'));
      this.onFields(checked.length === boxes.length ? [] : checked);
    });
    const all = button(l10n.t('Show all fields'), l10n.t('All fields'), () => this.onFields([]));
    const open = this.element.open;
    this.element.replaceChildren(
      h('summary', {}, projected.size > 0 ? l10n.t('Columns ({0})', projected.size) : l10n.t('Columns')),
      h('div', { className: 'chooser-list' }, ...boxes),
      apply,
      all,
    );
    this.element.open = open;
  }
}
