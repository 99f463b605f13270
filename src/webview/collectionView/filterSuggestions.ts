// Completion in the filter box: the view's field paths and the query operators (core/table/filterCompletion),
// as a list under the box in the combobox pattern (aria-autocomplete="list", a listbox, the active option named
// by aria-activedescendant). Typing opens it where something fits, Ctrl+Space asks for it anywhere; Up and Down
// move, Enter or Tab put the suggestion in place, Escape closes it and keeps what was typed.
import type { FilterCompletion } from '../../core/table/filterCompletion';
import { filterCompletion } from '../../core/table/filterCompletion';
import { h } from './dom';
import { l10n } from '../shared/l10n';

const LIST_ID = 'filter-suggestions';

export function installFilterSuggestions(input: HTMLInputElement, fields: () => string[]): void {
  const suggestions = new FilterSuggestions(input, fields);
  input.addEventListener('input', () => suggestions.open());
  input.addEventListener('blur', () => suggestions.close());
  input.addEventListener('keydown', (event) => suggestions.onKey(event), { capture: true });
}

class FilterSuggestions {
  private readonly list = h('ul', { id: LIST_ID, className: 'filter-suggestions', role: 'listbox', 'aria-label': l10n.t('Suggestions') });
  private shown: FilterCompletion | undefined;
  private active = 0;

  constructor(
    private readonly input: HTMLInputElement,
    private readonly fields: () => string[],
  ) {
    this.list.hidden = true;
    const box = h('span', { className: 'filter-box' });
    input.replaceWith(box);
    box.append(input, this.list);
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', LIST_ID);
    input.setAttribute('aria-expanded', 'false');
  }

  close(): void {
    this.shown = undefined;
    this.list.hidden = true;
    this.list.replaceChildren();
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  open(): void {
    const { input, list } = this;
    const completion = filterCompletion(input.value, input.selectionStart ?? input.value.length, this.fields());
    if (!completion) return this.close();
    this.shown = completion;
    list.replaceChildren(
      ...completion.suggestions.map((suggestion, index) => {
        const option = h(
          'li',
          { id: `${LIST_ID}-${index}`, role: 'option', className: `suggestion ${suggestion.kind}`, 'aria-selected': 'false' },
          suggestion.label,
        );
        // On press, not click: the box keeps the focus, so its caret stays where the suggestion goes.
        option.addEventListener('mousedown', (event) => {
          event.preventDefault();
          this.accept(index);
        });
        return option;
      }),
    );
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    this.highlight(0);
  }

  onKey(event: KeyboardEvent): void {
    if (event.ctrlKey && event.key === ' ') {
      event.preventDefault();
      this.open();
      return;
    }
    if (!this.shown) return;
    const handled: Record<string, () => void> = {
      ArrowDown: () => this.highlight(this.active + 1),
      ArrowUp: () => this.highlight(this.active - 1),
      Enter: () => this.accept(this.active),
      Tab: () => this.accept(this.active),
      Escape: () => this.close(),
    };
    const act = handled[event.key];
    if (!act) return;
    // Before the filter box's own Enter (which applies the filter): a chosen suggestion is not a filter to run.
    event.preventDefault();
    event.stopImmediatePropagation();
    act();
  }

  private highlight(index: number): void {
    if (!this.shown) return;
    this.active = (index + this.shown.suggestions.length) % this.shown.suggestions.length;
    this.list.querySelectorAll('[role="option"]').forEach((option, at) => option.setAttribute('aria-selected', String(at === this.active)));
    this.input.setAttribute('aria-activedescendant', `${LIST_ID}-${this.active}`);
    this.list.children[this.active]?.scrollIntoView({ block: 'nearest' });
  }

  private accept(index: number): void {
    if (!this.shown) return;
    const { from, to, suggestions } = this.shown;
    const { insert } = suggestions[index];
    const { input } = this;
    input.value = input.value.slice(0, from) + insert + input.value.slice(to);
    const caret = from + insert.length;
    input.setSelectionRange(caret, caret);
    this.close();
    input.focus();
  }
}
