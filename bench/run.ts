// `npm run bench`: measures what the product promises, each figure beside its baseline from the same run. Every
// section runs on data of its own; one that fails is reported with its error and the others still run (the exit
// code says so at the end). The whole run writes bench/results.json and bench/results/summary.md.
//   --only=name[,name]  those sections alone (results.json is left as it is); a section's name or alias
//   --smoke             every section at small sizes, in seconds (results in out/bench-smoke/); `npm test` runs it
//   --quick             the indexes section without its 1,000,000-document size
import { resolve } from 'node:path';
import { section as clientOverhead } from './clientOverhead';
import { section as paging } from './paging';
import { section as schemaSampling } from './schemaSampling';
import { section as save } from './save';
import { section as transfer } from './transfer';
import { section as windowedExport } from './windowedExport';
import { section as localService } from './localService';
import { section as fairness } from './fairness';
import { section as bulkChanges } from './bulkChanges';
import { section as copyDatabase } from './copyDatabase';
import { section as hugeRecords } from './hugeRecords';
import { section as groupCommit } from './groupCommit';
import { section as indexedQueries } from './indexedQueries';
import { section as size } from './size';
import { section as activation } from './activation';
import { section as collectionView } from './collectionView';
import { section as aggregation } from './aggregation';
import { section as postgres } from './postgres';
import { disposeBenchData } from './support/benchData';
import type { BenchContext, BenchSection } from './support/section';
import type { SectionResult } from './support/results';
import { benchResults, machineAtStart, writeResults } from './support/results';
import { table } from './support/table';

/**
 * Every section, in the order the whole bench runs them. A section registers with its import above and one
 * line here.
 */
const SECTIONS: readonly BenchSection[] = [
  clientOverhead,
  paging,
  schemaSampling,
  save,
  transfer,
  windowedExport,
  localService,
  fairness,
  bulkChanges,
  copyDatabase,
  hugeRecords,
  groupCommit,
  indexedQueries,
  aggregation,
  postgres,
  size,
  activation,
  collectionView,
];

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const smoke = process.argv.includes('--smoke');
const quick = process.argv.includes('--quick');
const only = argument('only')?.split(',').filter(Boolean);

async function runSection(section: BenchSection): Promise<SectionResult> {
  console.log(`\n=== ${section.name}: ${section.title}${smoke ? ` (smoke: ${section.smoke})` : ''}`);
  const notMeasured: string[] = [];
  const context: BenchContext = { smoke, quick, step: (line) => console.log(`… ${line}`), notMeasured: (line) => notMeasured.push(line) };
  const started = performance.now();
  const result = { name: section.name, title: section.title, smoke, notMeasured };
  try {
    const figures = await section.run(context);
    console.log(`\n${table(figures)}`);
    return { ...result, ok: true, seconds: (performance.now() - started) / 1000, figures };
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`=== ${section.name} FAILED: ${text}`);
    return { ...result, ok: false, seconds: (performance.now() - started) / 1000, error: text, figures: [] };
  }
}

async function main(): Promise<number> {
  const sections = SECTIONS.filter(
    (section) => !only || only.includes(section.name) || section.aliases?.some((alias) => only.includes(alias)),
  );
  if (only && sections.length === 0) throw new Error(`--only=${only.join(',')} names no section`);
  const machine = machineAtStart();
  const results: SectionResult[] = [];
  try {
    for (const section of sections) results.push(await runSection(section));
  } finally {
    disposeBenchData();
  }
  const all = benchResults(machine, results, smoke);
  console.log(
    `\n${results.map((r) => `${r.ok ? 'ok    ' : 'FAILED'} ${r.name.padEnd(18)} ${r.seconds.toFixed(1).padStart(7)} s`).join('\n')}`,
  );
  console.log(
    `sections: ${all.totals.sections - all.totals.failed} ran, ${all.totals.failed} failed; targets: ${all.totals.met} met, ${all.totals.missed} missed`,
  );
  for (const line of results.flatMap((r) => r.notMeasured)) console.log(`Not measured: ${line}`);
  const folder = smoke ? resolve(__dirname, '..', 'out', 'bench-smoke') : __dirname;
  if (!only) {
    writeResults(all, resolve(folder, 'results.json'), resolve(folder, 'results', 'summary.md'));
    console.log(`Wrote ${resolve(folder, 'results.json')} and results/summary.md beside it.`);
  }
  return all.totals.failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
