// Run as its own process by bench/hugeRecords.ts, so that its peak memory is the reader's alone:
// node --import tsx bench/support/readImportFile.ts <file> <ndjson|json|csv>
import type { TransferFormat } from '../../src/core/transfer/formats';
import { fileRecords } from '../../test/support/fileRecords';

async function main(): Promise<void> {
  const [path, format] = process.argv.slice(2) as [string, TransferFormat];
  const rssBefore = process.memoryUsage.rss();
  const started = performance.now();
  let documents = 0;
  let errors = 0;
  for await (const record of fileRecords(path, format)) {
    if (record.document) documents++;
    else errors++;
  }
  const ms = performance.now() - started;
  // maxRSS is in kilobytes: the most this process ever held, less what it held before reading.
  const peakBytes = process.resourceUsage().maxRSS * 1024 - rssBefore;
  process.stdout.write(JSON.stringify({ ms, documents, errors, peakBytes }));
}

void main();
