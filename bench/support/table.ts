import type { Figure } from './figure';

function format(value: number | undefined, unit = ''): string {
  if (value === undefined || Number.isNaN(value)) return '';
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

/** The figures as a fixed-width text table. */
export function table(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [
    f.name,
    format(f.value, f.unit),
    f.baselineName ? `${format(f.baseline, f.unit === 'KB' || f.unit === 'ms' || f.unit === '/s' ? f.unit : '')} (${f.baselineName})` : '',
    f.ratio === undefined ? '' : `${f.ratio.toFixed(2)}×`,
    f.target ? `${f.target} ${f.met ? 'met' : 'MISSED'}` : '',
  ]);
  const header = ['figure', 'value', 'baseline', 'ratio', 'target'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join(' | ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n');
}
