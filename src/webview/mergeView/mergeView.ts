// The script of a three-way merge view (dist/mergeView.js). It draws what the extension sends, checked first, with
// the page's own elements only (text, never HTML from a message), and sends the user's choice per field.
import type { MergeChoice, MergeLabels, MergePageMessage, MergePageView, MergeRow } from '../../core/documents/mergeViewMessages';
import { parseMergeHostMessage } from '../../core/documents/mergeViewMessages';

interface PageState {
  /** The merge the choices were made for (its fields and their values): choices are restored only onto the same merge. */
  merge: string;
  choices: MergeChoice[];
}

declare function acquireVsCodeApi(): {
  postMessage(message: MergePageMessage): void;
  getState(): PageState | undefined;
  setState(state: PageState): void;
};

const host = acquireVsCodeApi();
let choices = new Map<string, MergeChoice>();
let shownMerge = '';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function remember(): void {
  host.setState({ merge: shownMerge, choices: [...choices.values()] });
}

function statusText(row: MergeRow, labels: MergeLabels): string {
  if (row.status === 'conflict') return labels.conflict;
  if (row.status === 'mine') return labels.onlyMine;
  if (row.status === 'theirs') return labels.onlyTheirs;
  return labels.both;
}

function versionColumn(heading: string, change: string | undefined, value: string | undefined, labels: MergeLabels): HTMLElement {
  const column = element('div', undefined, 'version');
  const title = element('h3', heading);
  if (change) title.append(element('span', ` (${change})`, 'change'));
  column.append(title, value === undefined ? element('p', labels.absent, 'absent') : element('pre', value));
  return column;
}

function textOf(row: MergeRow, take: 'mine' | 'theirs'): string {
  return (take === 'mine' ? row.mine : row.theirs) ?? '';
}

function radio(name: string, label: string, checked: boolean, onChoose: () => void): HTMLLabelElement {
  const input = element('input');
  input.type = 'radio';
  input.name = name;
  input.checked = checked;
  input.addEventListener('change', () => {
    if (input.checked) onChoose();
  });
  const wrapper = element('label');
  wrapper.append(input, document.createTextNode(` ${label}`));
  return wrapper;
}

function fieldEditor(row: MergeRow, index: number, labels: MergeLabels): HTMLFieldSetElement {
  const set = element('fieldset', undefined, row.status === 'conflict' ? 'conflict' : undefined);
  const legend = element('legend');
  legend.append(element('code', row.label), element('span', statusText(row, labels), 'status'));
  const versions = element('div', undefined, 'versions');
  versions.append(
    versionColumn(labels.base, undefined, row.base, labels),
    versionColumn(labels.mine, labels[row.mineChange], row.mine, labels),
    versionColumn(labels.theirs, labels[row.theirsChange], row.theirs, labels),
  );
  const chosen = choices.get(row.key) ?? { key: row.key, take: row.take };
  choices.set(row.key, chosen);
  const area = element('textarea');
  area.id = `edit-${index}`;
  area.value = chosen.take === 'edited' ? (chosen.text ?? '') : textOf(row, chosen.take);
  area.disabled = chosen.take !== 'edited';
  const hint = element('p', labels.editHint, 'hint');
  hint.id = `hint-${index}`;
  area.setAttribute('aria-describedby', hint.id);
  area.setAttribute('aria-label', `${labels.edit}: ${row.label}`);
  area.addEventListener('input', () => {
    choices.set(row.key, { key: row.key, take: 'edited', text: area.value });
    remember();
  });
  const choose = (take: MergeChoice['take']) => {
    if (take === 'edited') {
      area.disabled = false;
      choices.set(row.key, { key: row.key, take, text: area.value });
      area.focus();
    } else {
      area.disabled = true;
      area.value = textOf(row, take);
      choices.set(row.key, { key: row.key, take });
    }
    remember();
  };
  const group = element('div', undefined, 'choices');
  group.setAttribute('role', 'radiogroup');
  group.setAttribute('aria-label', row.label);
  const name = `take-${index}`;
  group.append(
    radio(name, labels.takeMine, chosen.take === 'mine', () => choose('mine')),
    radio(name, labels.takeTheirs, chosen.take === 'theirs', () => choose('theirs')),
    radio(name, labels.edit, chosen.take === 'edited', () => choose('edited')),
  );
  set.append(legend, versions, group, area, hint);
  return set;
}

function button(label: string, primary: boolean, onClick: () => void): HTMLButtonElement {
  const node = element('button', label, primary ? 'primary' : 'secondary');
  node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}

function draw(view: MergePageView): void {
  const { labels } = view;
  const keys = view.fields.map((row) => row.key);
  const merge = JSON.stringify(view.fields.map((row) => [row.key, row.base, row.mine, row.theirs]));
  const saved = host.getState();
  choices = new Map(saved?.merge === merge ? saved.choices.map((choice) => [choice.key, choice]) : []);
  shownMerge = merge;
  const main = document.getElementById('merge')!;
  const header = element('header');
  header.append(element('h1', view.title));
  if (view.note) header.append(element('p', view.note, 'note'));
  header.append(element('p', view.summary));
  const actions = element('div', undefined, 'actions');
  actions.append(
    button(labels.save, true, () => host.postMessage({ type: 'save', choices: keys.map((key) => choices.get(key)!) })),
    button(labels.cancel, false, () => host.postMessage({ type: 'cancel' })),
  );
  main.replaceChildren(header, ...view.fields.map((row, index) => fieldEditor(row, index, labels)), actions);
  remember();
  working = labels.working;
  document.getElementById('problem')!.textContent = '';
  setBusy(false);
}

let working = '';

function setBusy(busy: boolean): void {
  for (const node of document.querySelectorAll('button')) node.disabled = busy;
  document.getElementById('status')!.textContent = busy ? working : '';
  if (busy) document.getElementById('problem')!.textContent = '';
}

window.addEventListener('message', (event: MessageEvent) => {
  const message = parseMergeHostMessage(event.data);
  if (!message) return;
  if (message.type === 'show') draw(message.view);
  else if (message.type === 'busy') setBusy(message.busy);
  else document.getElementById('problem')!.textContent = message.message;
});

host.postMessage({ type: 'ready' });
