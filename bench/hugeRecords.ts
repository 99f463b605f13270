import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TransferFormat } from '../src/core/transfer/formats';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import type { BenchSection } from './support/section';

const MB = 1024 * 1024;

interface RecordSizes {
  /** The file of small records, and the one record over the 16 MB cap. */
  fileBytes: number;
  /** The files of 15 MB records (the largest kept). */
  keptFileBytes: number;
}

const FULL: RecordSizes = { fileBytes: 100 * MB, keptFileBytes: 90 * MB };
/** Still over the 16 MB cap, and one 15 MB record. */
const SMOKE: RecordSizes = { fileBytes: 20 * MB, keptFileBytes: 15 * MB };
const TIME_TARGET = 3;
const MEMORY_TARGET = 3;

interface Reading {
  ms: number;
  documents: number;
  errors: number;
  peakBytes: number;
}

/** Writes `head`, then `fill` repeated to about `bytes`, then `tail`, a megabyte at a time. */
function writeFile(path: string, head: string, fill: string, bytes: number, tail: string): void {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, head);
    const block = Buffer.from(fill.repeat(Math.max(1, Math.floor(MB / fill.length))));
    for (let written = 0; written < bytes; written += block.length) writeSync(fd, block);
    writeSync(fd, tail);
  } finally {
    closeSync(fd);
  }
}

function read(path: string, format: TransferFormat): Reading {
  const child = spawnSync(process.execPath, ['--import', 'tsx', resolve(__dirname, 'support/readImportFile.ts'), path, format], {
    cwd: resolve(__dirname, '..'),
    encoding: 'utf8',
    maxBuffer: MB,
  });
  if (child.status !== 0) throw new Error(`reading ${path} failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as Reading;
}

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/**
 * Each import reader on one 100 MB record (over the 16 MB cap: refused and skipped) and on 15 MB records (the
 * largest it keeps), against the same reader on 100 MB of small records: time, and peak memory against the
 * record's size. Each read runs in a process of its own.
 */
async function measureHugeRecords(sizes: RecordSizes): Promise<Figure[]> {
  const { fileBytes, keptFileBytes } = sizes;
  const fileMb = `${fileBytes / MB} MB`;
  const folder = mkdtempSync(join(tmpdir(), 'dbhost-huge-records-'));
  const figures: Figure[] = [];
  try {
    const row = 'x'.repeat(60);
    const cases: { format: TransferFormat; label: string; small: () => void; huge: [string, () => void, number][] }[] = [
      {
        format: 'ndjson',
        label: 'NDJSON',
        small: () => writeFile(join(folder, 'small.ndjson'), '', `{"n":1,"s":"${row}"}\n`, fileBytes, ''),
        huge: [
          [
            `one ${fileMb} line`,
            () => writeFile(join(folder, 'huge.ndjson'), '{"s":"', 'y'.repeat(1024), fileBytes, '"}\n{"n":2}\n'),
            fileBytes,
          ],
          ['15 MB lines', () => writeFile(join(folder, 'huge.ndjson'), '', `{"s":"${'y'.repeat(15 * MB)}"}\n`, keptFileBytes, ''), 15 * MB],
        ],
      },
      {
        format: 'csv',
        label: 'CSV',
        small: () => writeFile(join(folder, 'small.csv'), 'n,s\n', `1,"${row}"\n`, fileBytes, ''),
        huge: [
          [
            `one ${fileMb} quoted field`,
            () => writeFile(join(folder, 'huge.csv'), 'n,s\n1,"', 'y'.repeat(1023) + '\n', fileBytes, '"\n2,z\n'),
            fileBytes,
          ],
          [
            '15 MB quoted fields',
            () => writeFile(join(folder, 'huge.csv'), 'n,s\n', `1,"${'y'.repeat(15 * MB)}"\n`, keptFileBytes, ''),
            15 * MB,
          ],
        ],
      },
    ];
    for (const { format, label, small, huge } of cases) {
      small();
      const baseline = read(join(folder, `small.${format}`), format);
      for (const [what, write, recordBytes] of huge) {
        write();
        const reading = read(join(folder, `huge.${format}`), format);
        const kept = `${reading.documents} read, ${reading.errors} refused`;
        figures.push(
          figure({
            name: `import ${label}: ${what}, time`,
            value: reading.ms,
            unit: 'ms',
            baselineName: `${fileMb} of small records (${baseline.documents.toLocaleString('en')})`,
            baseline: baseline.ms,
            target: `≤ ${TIME_TARGET}×`,
            met: reading.ms / baseline.ms <= TIME_TARGET,
            note: `${kept}; peak ${mb(reading.peakBytes)} (small records: ${mb(baseline.peakBytes)})`,
          }),
          figure({
            name: `import ${label}: ${what}, peak memory`,
            value: reading.peakBytes / MB,
            unit: 'MB',
            baselineName: 'record size',
            baseline: recordBytes / MB,
            target: `≤ ${MEMORY_TARGET}×`,
            met: reading.peakBytes / recordBytes <= MEMORY_TARGET,
            note: kept,
          }),
        );
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return figures;
}

export const section: BenchSection = {
  name: 'huge-records',
  aliases: ['hostile'],
  title: 'import readers on a 100 MB record against 100 MB of small records (issue 22)',
  smoke: 'a 20 MB record (still over the 16 MB cap) against 20 MB of small records, one 15 MB record instead of six',
  run: (context) => measureHugeRecords(context.smoke ? SMOKE : FULL),
};
