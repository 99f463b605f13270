// Completion in the filter box: the view's field paths and the query operators (core/table/filterCompletion),
// as a list under the box in the combobox pattern (aria-autocomplete="list", a listbox, the active option named
// by aria-activedescendant). Typing opens it where something fits, Ctrl+Space asks for it anywhere; Up and Down
// move, Enter or Tab put the suggestion in place, Escape closes it and keeps what was typed.
import type { FilterCompletion } from '../../core/table/filterCompletion';
import { filterCompletion } from '../../core/table/filterCompletion';
import { h } from './dom';

const LIST_ID = 'filter-suggestions';

export function installFilterSuggestions(input: HTMLInputElement, fields: () => string[]): void {
  const list = h('ul', { id: LIST_ID, className: 'filter-suggestions', role: 'listbox', 'aria-label': 'Suggestions' });
  list.hidden = true;
  const box = h('span', { className: 'filter-box' });
  input.replaceWith(box);
  box.append(input, list);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', LIST_ID);
  input.setAttribute('aria-expanded', 'false');

  let shown: FilterCompletion | undefined;
  let active = 0;

  const close = () => {
    shown = undefined;
    list.hidden = true;
    list.replaceChildren();
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  };

  const highlight = (index: number) => {
    if (!shown) return;
    active = (index + shown.suggestions.length) % shown.suggestions.length;
    list.querySelectorAll('[role="option"]').forEach((option, at) => option.setAttribute('aria-selected', String(at === active)));
    input.setAttribute('aria-activedescendant', `${LIST_ID}-${active}`);
    list.children[active]?.scrollIntoView({ block: 'nearest' });
  };

  const accept = (index: number) => {
    if (!shown) return;
    const { from, to, suggestions } = shown;
    const { insert } = suggestions[index];
    input.value = input.value.slice(0, from) + insert + input.value.slice(to);
    const caret = from + insert.length;
    input.setSelectionRange(caret, caret);
    close();
    input.focus();
  };

  const open = () => {
    const completion = filterCompletion(input.value, input.selectionStart ?? input.value.length, fields());
    if (!completion) return close();
    shown = completion;
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
          accept(index);
        });
        return option;
      }),
    );
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    highlight(0);
  };

  input.addEventListener('input', open);
  input.addEventListener('blur', close);
  input.addEventListener(
    'keydown',
    (event) => {
      if (event.ctrlKey && event.key === ' ') {
        event.preventDefault();
        open();
        return;
      }
      if (!shown) return;
      const handled: Record<string, () => void> = {
        ArrowDown: () => highlight(active + 1),
        ArrowUp: () => highlight(active - 1),
        Enter: () => accept(active),
        Tab: () => accept(active),
        Escape: close,
      };
      const act = handled[event.key];
      if (!act) return;
      // Before the filter box's own Enter (which applies the filter): a chosen suggestion is not a filter to run.
      event.preventDefault();
      event.stopImmediatePropagation();
      act();
    },
    { capture: true },
  );
}
