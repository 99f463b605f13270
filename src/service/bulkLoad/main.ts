// `npm run pg-load -- …`: loads a file of JSON lines into a collection of a PostgreSQL store (loadCli.ts).
import { LOAD_USAGE, LoadUsageError, parseLoadCli, runLoad } from './loadCli';

const REPORT_EVERY = 100_000;

async function main(): Promise<number> {
  const options = parseLoadCli(process.argv.slice(2), process.env);
  if (options === 'help') {
    console.log(LOAD_USAGE);
    return 0;
  }
  let reported = 0;
  const started = performance.now();
  const outcome = await runLoad(options, (loaded) => {
    if (loaded - reported < REPORT_EVERY) return;
    reported = loaded;
    console.error(`${loaded.toLocaleString('en')} documents sent…`);
  });
  const seconds = (performance.now() - started) / 1000;
  const warned = outcome.warned > 0 ? `; ${outcome.warned} broke the collection's rules (warn) and were loaded anyway` : '';
  console.log(
    `Loaded ${outcome.loaded.toLocaleString('en')} documents into ${options.db}.${options.col} in ${seconds.toFixed(1)} s${warned}`,
  );
  // Committed: loading again would meet every _id as a duplicate.
  if (outcome.afterCommit) console.error(`The documents are stored, but what follows the load failed: ${outcome.afterCommit}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A PostgreSQL failure is a one-line message too (the driver's text never holds the password).
    console.error(`Nothing was loaded: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof LoadUsageError) console.error(`\n${LOAD_USAGE}`);
    process.exit(1);
  },
);
