// The script of the deployment statistics webview (dist/statsChart.js). It draws what the extension sends,
// checked first, as SVG in the theme's colours, with a table of the same figures for screen readers.
import type { HostMessage } from '../../core/stats/chartMessages';
import { parseHostMessage } from '../../core/stats/chartMessages';
import type { StatsPoint, StatsSeries } from '../../core/stats/statsSeries';
import { OPERATION_KINDS, STATS_TABLE_HEADERS, statsTableRows } from '../../core/stats/statsSeries';
import { l10n } from '../shared/l10n';

declare function acquireVsCodeApi(): { postMessage(message: unknown): void };

interface Line {
  label: string;
  /** A CSS colour, from the theme's chart colours. */
  colour: string;
  dash: string;
  value: (point: StatsPoint) => number;
}

const SVG = 'http://www.w3.org/2000/svg';
const COLOURS = [
  '--vscode-charts-blue',
  '--vscode-charts-orange',
  '--vscode-charts-green',
  '--vscode-charts-red',
  '--vscode-charts-purple',
  '--vscode-charts-yellow',
];
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4'];
const WIDTH = 640;
const HEIGHT = 180;
const MARGIN = { left: 56, right: 12, top: 10, bottom: 24 };

const host = acquireVsCodeApi();
const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
};

function lines(labels: [string, (point: StatsPoint) => number][]): Line[] {
  return labels.map(([label, value], position) => ({
    label,
    value,
    colour: `var(${COLOURS[position % COLOURS.length]}, var(--vscode-foreground))`,
    dash: DASHES[position % DASHES.length],
  }));
}

const CHARTS: { title: string; unit: string; lines: Line[] }[] = [
  {
    title: l10n.t('Memory'),
    unit: 'MB',
    lines: lines([
      ['resident', (point) => point.resident],
      ['virtual', (point) => point.virtual],
      ['mapped', (point) => point.mapped],
    ]),
  },
  {
    title: l10n.t('Operations per second'),
    unit: '/s',
    lines: lines(OPERATION_KINDS.map((kind) => [kind, (point: StatsPoint) => point.operations[kind]])),
  },
  { title: l10n.t('Connections'), unit: '', lines: lines([[l10n.t('current'), (point) => point.connections]]) },
];

const svgNode = (tag: string, attributes: Record<string, string | number>): SVGElement => {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
};

const format = (value: number) => (Math.abs(value) >= 100 ? Math.round(value).toLocaleString() : String(Math.round(value * 100) / 100));

function chart(series: StatsSeries, spec: (typeof CHARTS)[number]): HTMLElement {
  const figure = element('figure');
  figure.className = 'chart';
  const latest = series.points[series.points.length - 1];
  const summary = latest
    ? spec.lines.map((line) => `${line.label} ${format(line.value(latest))}${spec.unit}`).join(', ')
    : l10n.t('no data yet');
  const caption = element('figcaption', `${spec.title}: ${summary}`);
  const svg = svgNode('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: 'img',
    'aria-label': l10n.t('{0} over time; now {1}', spec.title, summary),
  });
  const points = series.points;
  const max = Math.max(1, ...points.flatMap((point) => spec.lines.map((line) => line.value(point))));
  const first = points[0]?.time ?? 0;
  const span = Math.max(1, (points[points.length - 1]?.time ?? 1) - first);
  const x = (time: number) => MARGIN.left + ((time - first) / span) * (WIDTH - MARGIN.left - MARGIN.right);
  const y = (value: number) => HEIGHT - MARGIN.bottom - (value / max) * (HEIGHT - MARGIN.top - MARGIN.bottom);
  svg.append(svgNode('line', { x1: MARGIN.left, y1: y(0), x2: WIDTH - MARGIN.right, y2: y(0), class: 'axis' }));
  svg.append(svgNode('line', { x1: MARGIN.left, y1: MARGIN.top, x2: MARGIN.left, y2: y(0), class: 'axis' }));
  for (const [value, label] of [
    [max, `${format(max)}${spec.unit}`],
    [0, '0'],
  ] as const) {
    const text = svgNode('text', { x: MARGIN.left - 6, y: y(value) + 4, class: 'tick', 'text-anchor': 'end' });
    text.textContent = label;
    svg.append(text);
  }
  if (points.length > 0) {
    for (const [time, anchor] of [
      [first, 'start'],
      [first + span, 'end'],
    ] as const) {
      const text = svgNode('text', { x: x(time), y: HEIGHT - 6, class: 'tick', 'text-anchor': anchor });
      text.textContent = new Date(time * 1000).toLocaleTimeString();
      svg.append(text);
    }
  }
  for (const line of spec.lines) {
    const path = points.map((point) => `${x(point.time).toFixed(1)},${y(line.value(point)).toFixed(1)}`).join(' ');
    svg.append(
      svgNode('polyline', {
        points: path,
        fill: 'none',
        stroke: line.colour,
        'stroke-width': 2,
        'stroke-dasharray': line.dash,
        class: 'series',
      }),
    );
  }
  const legend = element('ul');
  legend.className = 'legend';
  legend.setAttribute('aria-hidden', 'true');
  for (const line of spec.lines) {
    const item = element('li');
    const swatch = svgNode('svg', { width: 24, height: 10 });
    swatch.append(svgNode('line', { x1: 0, y1: 5, x2: 24, y2: 5, stroke: line.colour, 'stroke-width': 2, 'stroke-dasharray': line.dash }));
    item.append(swatch, document.createTextNode(` ${line.label}`));
    legend.append(item);
  }
  figure.append(caption, svg, legend);
  return figure;
}

function table(series: StatsSeries): HTMLElement {
  const details = element('details');
  details.append(element('summary', l10n.t('The figures as a table')));
  const grid = element('table');
  grid.append(
    element('caption', l10n.t('Statistics of {0}, totalled over {1} member(s), newest first', series.deployment, series.members.length)),
  );
  const head = element('tr');
  for (const header of STATS_TABLE_HEADERS) {
    const cell = element('th', header);
    cell.setAttribute('scope', 'col');
    head.append(cell);
  }
  grid.append(head);
  for (const row of statsTableRows(series)) {
    const tr = element('tr');
    for (const value of row) tr.append(element('td', value));
    grid.append(tr);
  }
  details.append(grid);
  return details;
}

function show(message: HostMessage): void {
  const status = document.getElementById('status')!;
  if (message.type === 'problem') {
    status.textContent = message.message;
    return;
  }
  const { series } = message;
  const charts = document.getElementById('charts')!;
  charts.replaceChildren(...CHARTS.map((spec) => chart(series, spec)), table(series));
  document.getElementById('members')!.textContent = series.members.length > 0 ? l10n.t('Members: {0}', series.members.join(', ')) : '';
  status.textContent = l10n.t('Updated {0}; refreshes every {1} s while open.', new Date().toLocaleTimeString(), message.refreshSeconds);
}

window.addEventListener('message', (event: MessageEvent) => {
  const message = parseHostMessage(event.data);
  if (message) show(message);
});
document.getElementById('refresh')!.addEventListener('click', () => host.postMessage({ type: 'refresh' }));
host.postMessage({ type: 'ready' });
