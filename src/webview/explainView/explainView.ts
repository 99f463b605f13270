// The script of an explain view (dist/explainView.js). It draws what the extension sends, checked first, with
// the page's own elements only (text, never HTML from a message), and sends which button was pressed.
import type { ExplainPageMessage, ExplainPageView } from '../../core/indexes/explainViewMessages';
import { parseExplainHostMessage } from '../../core/indexes/explainViewMessages';

declare function acquireVsCodeApi(): { postMessage(message: ExplainPageMessage): void };

const host = acquireVsCodeApi();

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function button(label: string, message: ExplainPageMessage, primary: boolean): HTMLButtonElement {
  const node = element('button', label, primary ? 'primary' : 'secondary');
  node.type = 'button';
  node.addEventListener('click', () => host.postMessage(message));
  return node;
}

/** The stages as nested lists: each stage's inner stages are a list inside its item. */
function stageTree(view: ExplainPageView): HTMLElement {
  const root = element('ul', undefined, 'stages');
  const lists: HTMLUListElement[] = [root];
  for (const stage of view.stages) {
    const depth = Math.min(stage.depth, lists.length - 1);
    lists.length = depth + 1;
    const item = element('li');
    const line = element('div', undefined, 'stage');
    line.append(element('strong', stage.name, 'stage-name'), element('span', ` ${stage.note}`, 'stage-note'));
    const figures = element('dl', undefined, 'figures');
    for (const [name, value] of stage.figures) figures.append(element('dt', name), element('dd', value));
    item.append(line, figures);
    lists[depth].append(item);
    const inner = element('ul');
    item.append(inner);
    lists.push(inner);
  }
  for (const empty of root.querySelectorAll('ul:empty')) empty.remove();
  return root;
}

function section(heading: string, id: string, ...content: HTMLElement[]): HTMLElement {
  const node = element('section');
  node.setAttribute('aria-labelledby', id);
  const title = element('h2', heading);
  title.id = id;
  node.append(title, ...content);
  return node;
}

function suggestionSection(view: ExplainPageView): HTMLElement {
  const { suggestion, labels } = view;
  const content: HTMLElement[] = [];
  if (suggestion.type === 'none') content.push(element('p', suggestion.why));
  else {
    const line = element('p');
    line.append(element('code', suggestion.spec), document.createTextNode(` ${suggestion.name}. ${suggestion.why}`));
    content.push(line);
    if (suggestion.refusal) content.push(element('p', `${labels.refused} ${suggestion.refusal}`, 'refusal'));
  }
  return section(labels.suggested, 'suggested', ...content);
}

function draw(view: ExplainPageView): void {
  const { labels } = view;
  const main = document.getElementById('explain')!;
  const header = element('header');
  header.append(element('h1', view.title));
  if (view.beforeAfter) header.append(element('p', `${labels.beforeAfter} ${view.beforeAfter}`, 'before-after'));
  header.append(element('p', view.summary, 'summary'));
  if (view.details.length > 0) {
    const details = element('ul', undefined, 'details');
    details.append(...view.details.map((detail) => element('li', detail)));
    header.append(details);
  }
  const actions = element('div', undefined, 'actions');
  if (view.suggestion.type === 'create' && !view.suggestion.refusal)
    actions.append(button(labels.createIndex, { type: 'createIndex' }, true));
  actions.append(button(labels.explainAgain, { type: 'explainAgain' }, view.suggestion.type !== 'create'));
  header.append(actions);
  const raw = element('details', undefined, 'raw');
  raw.append(element('summary', labels.raw), element('pre', view.raw));
  main.replaceChildren(
    header,
    section(labels.plan, 'plan', stageTree(view)),
    suggestionSection(view),
    section(labels.query, 'query', element('pre', view.query)),
    raw,
  );
  setBusy(false, labels.working);
}

let working = '';

function setBusy(busy: boolean, label = working): void {
  working = label;
  for (const node of document.querySelectorAll('button')) node.disabled = busy;
  document.getElementById('status')!.textContent = busy ? working : '';
}

window.addEventListener('message', (event: MessageEvent) => {
  const message = parseExplainHostMessage(event.data);
  if (!message) return;
  if (message.type === 'show') draw(message.view);
  else setBusy(message.busy);
});

host.postMessage({ type: 'ready' });
