import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname } from 'node:path';
import type { Figure } from './figure';
import { table } from './table';

/** One section's outcome: its figures, or the error that ended it. */
export interface SectionResult {
  name: string;
  title: string;
  smoke: boolean;
  ok: boolean;
  seconds: number;
  error?: string;
  figures: Figure[];
  notMeasured: string[];
}

export interface BenchResults {
  measuredAt: string;
  smoke: boolean;
  machine: {
    cores: number;
    cpuModel: string;
    memoryGb: number;
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
    node: string;
    platform: string;
  };
  sections: SectionResult[];
  totals: { sections: number; failed: number; figures: number; targets: number; met: number; missed: number };
}

/** The machine as the run begins: cores, CPU model, memory, load average, Node. */
export function machineAtStart(): BenchResults['machine'] {
  return {
    cores: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    loadAverageAtStart: loadavg(),
    loadAverageAtEnd: [],
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

export function benchResults(machine: BenchResults['machine'], sections: SectionResult[], smoke: boolean): BenchResults {
  const figures = sections.flatMap((section) => section.figures);
  const targets = figures.filter((f) => f.target !== undefined);
  const met = targets.filter((f) => f.met === true).length;
  return {
    measuredAt: new Date().toISOString(),
    smoke,
    machine: { ...machine, loadAverageAtEnd: loadavg() },
    sections,
    totals: {
      sections: sections.length,
      failed: sections.filter((section) => !section.ok).length,
      figures: figures.length,
      targets: targets.length,
      met,
      missed: targets.length - met,
    },
  };
}

const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(' / ');

/** The results as Markdown: the machine, then each section with its figures' table (or its error). */
export function summaryMarkdown(results: BenchResults): string {
  const { machine, totals } = results;
  const lines = [
    `# Bench results${results.smoke ? ' (smoke: small sizes, no measurement)' : ''}`,
    '',
    `Measured ${results.measuredAt} on ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGb} GB, ${machine.platform}, Node ${machine.node};`,
    `load average (1 / 5 / 15 min) ${load(machine.loadAverageAtStart)} at the start, ${load(machine.loadAverageAtEnd)} at the end.`,
    '',
    `${totals.sections - totals.failed} of ${totals.sections} sections ran whole; ${totals.met} of ${totals.targets} targets met, ${totals.missed} missed.`,
  ];
  for (const section of results.sections) {
    lines.push('', `## ${section.name}: ${section.title}`, '', `${section.ok ? 'Ran' : '**FAILED**'} in ${section.seconds.toFixed(1)} s.`);
    if (section.error) lines.push('', '```', section.error, '```');
    if (section.figures.length > 0) lines.push('', '```', table(section.figures), '```');
    for (const figure of section.figures.filter((f) => f.note)) lines.push(`- ${figure.name}: ${figure.note}`);
    for (const line of section.notMeasured) lines.push(`- Not measured: ${line}`);
  }
  return `${lines.join('\n')}\n`;
}

export function writeResults(results: BenchResults, jsonPath: string, markdownPath: string): void {
  mkdirSync(dirname(jsonPath), { recursive: true });
  mkdirSync(dirname(markdownPath), { recursive: true });
  writeFileSync(jsonPath, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(markdownPath, summaryMarkdown(results));
}
