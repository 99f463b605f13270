// Editing a cell in place: the value's type and text, checked before it is staged; and adding a field to a row.
import type { CellKind, EditableKind } from '../../core/table/cellValue';
import { EDITABLE_KINDS, KIND_LABELS, editText, kindOf, parseCellInput } from '../../core/table/cellValue';
import type { Column } from '../../core/table/columns';
import { columnLabel, columnOf, valueAt } from '../../core/table/columns';
import type { WebviewMessage } from '../../core/table/protocol';
import { button, h } from './dom';
import type { Notice } from './notice';
import type { PageModel, Row } from './state';
import type { VirtualGrid } from './virtualGrid';
import { l10n } from '../shared/l10n';

export class CellEditor {
  constructor(
    private readonly model: PageModel,
    private readonly grid: () => VirtualGrid,
    private readonly send: (message: WebviewMessage) => void,
    private readonly notice: Notice,
    /** Where the Add a field form appears. */
    private readonly content: HTMLElement,
  ) {}

  start(rowIndex: number, column: Column, startText?: string): void {
    const row = this.model.rows[rowIndex];
    if (!row) return;
    if (column.path[0] === '_id')
      return this.notice.show(l10n.t('The _id cannot be edited: use Duplicate to store a copy under a new _id.'), true);
    const grid = this.grid();
    const value = valueAt(row.shown, column.path);
    const current = kindOf(value);
    const fields = editorFields(column, current, startText ?? (value === undefined ? '' : editText(value)));
    const { kindSelect, input, hint, multiline } = fields;
    const editor = h('div', { className: 'editor', role: 'dialog', 'aria-label': l10n.t('Edit {0}', column.label) }, ...fields.elements);
    const close = (): void => {
      editor.remove();
      grid.focus();
    };
    const commit = (): boolean => {
      const kind = kindSelect.value as EditableKind;
      const parsed = parseCellInput(kind, input.value);
      if (parsed.error !== undefined) {
        hint.textContent = parsed.error;
        input.setAttribute('aria-invalid', 'true');
        return false;
      }
      this.send({ type: 'edit', key: row.key, path: [...column.path], kind, text: input.value });
      close();
      return true;
    };
    editor.append(...this.editorButtons(row, column, commit, close));
    editor.addEventListener('keydown', (event) => {
      event.stopPropagation();
      if (event.key === 'Escape') close();
      else if (event.key === 'Enter' && (!multiline || event.ctrlKey || event.metaKey) && event.target !== kindSelect) {
        event.preventDefault();
        commit();
      } else if (event.key === 'Tab' && event.target === input && !event.shiftKey) {
        event.preventDefault();
        if (commit()) grid.move(0, 1);
      }
    });
    grid.showEditor(editor, rowIndex, column);
    input.focus();
  }

  /** OK, Cancel, Remove field, and Revert where the cell has a staged edit. */
  private editorButtons(row: Row, column: Column, commit: () => boolean, close: () => void): HTMLButtonElement[] {
    const buttons = [
      button(l10n.t('Set the value'), l10n.t('OK'), () => void commit()),
      button(l10n.t('Cancel (Escape)'), l10n.t('Cancel'), close),
      button(l10n.t('Remove the field {0} from this document', column.label), l10n.t('Remove field'), () => {
        this.send({ type: 'removeField', key: row.key, path: [...column.path] });
        close();
      }),
    ];
    if (row.edits.some((edit) => columnLabel(edit.path) === column.label))
      buttons.push(
        button(l10n.t('Revert this cell to the loaded value'), l10n.t('Revert'), () => {
          this.send({ type: 'revert', key: row.key, path: [...column.path] });
          close();
        }),
      );
    return buttons;
  }

  /** Asks for a field's name, adds its column, and starts editing it in the active row. */
  addField(): void {
    const grid = this.grid();
    const row = this.model.rows[grid.active.row];
    if (!row) return this.notice.show(l10n.t('Choose a row first.'), true);
    const name = h('input', {
      type: 'text',
      placeholder: l10n.t('field or a.b.c'),
      'aria-label': l10n.t('Name of the new field'),
    }) as HTMLInputElement;
    const form = h(
      'form',
      { className: 'add-field', 'aria-label': l10n.t('Add a field') },
      name,
      h('button', { type: 'submit' }, l10n.t('Add')),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const path = name.value.split('.');
      if (path.some((key) => key === '' || key.startsWith('$')))
        return this.notice.show(l10n.t('A field name cannot be empty or start with "$".'), true);
      form.remove();
      const column = this.model.columns.find((candidate) => candidate.label === name.value) ?? columnOf(path);
      if (!this.model.columns.some((candidate) => candidate.id === column.id)) this.model.columns = [...this.model.columns, column];
      grid.render();
      this.start(this.model.rows.indexOf(row), column, '');
    });
    form.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') form.remove();
    });
    this.content.prepend(form);
    name.focus();
  }
}

/** The editor's type choice and text, with the note that a new type changes the value's type. */
function editorFields(column: Column, current: CellKind, text: string) {
  const initialKind: EditableKind = current === 'missing' || current === 'decimal' ? 'string' : current;
  const kindSelect = h(
    'select',
    { 'aria-label': l10n.t('Type of the value') },
    ...EDITABLE_KINDS.map((kind) => h('option', { value: kind }, KIND_LABELS[kind])),
  ) as HTMLSelectElement;
  kindSelect.value = initialKind;
  const multiline = initialKind === 'object' || initialKind === 'array';
  const input = (multiline ? h('textarea', { rows: 6 }) : h('input', { type: 'text' })) as HTMLInputElement;
  input.value = text;
  input.spellcheck = false;
  input.setAttribute('aria-label', l10n.t('New value of {0}', column.label));
  const hint = h('div', { className: 'field-error', role: 'alert' });
  const typeNote = h('div', { className: 'type-note' });
  const noteType = (): void => {
    const kind = kindSelect.value as EditableKind;
    typeNote.textContent =
      current !== 'missing' && kind !== current ? l10n.t('Changes the type: {0} → {1}', KIND_LABELS[current], KIND_LABELS[kind]) : '';
    input.disabled = kind === 'null';
  };
  kindSelect.addEventListener('change', noteType);
  noteType();
  return { kindSelect, input, hint, multiline, elements: [kindSelect, input, typeNote, hint] };
}
