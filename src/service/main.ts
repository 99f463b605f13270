import { resolve } from 'node:path';
import { parseCli, UsageError, USAGE } from './cli';
import { startService } from './server';
import { serviceReadyLine } from '../core/api/serviceReadyLine';

async function main(): Promise<void> {
  let options;
  try {
    options = parseCli(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const dataDir = resolve(options.dataDir);
  const service = await startService({
    port: options.port,
    host: options.host,
    dataDir,
    apiKeys: options.apiKeys,
    payment: options.payment,
    empty: options.empty,
    log: (line) => console.log(line),
    logRequests: !options.quiet,
    slowQueryMs: options.slowQueryMs,
    store: options.store,
    storeCacheMb: options.storeCacheMb,
    allowOrigins: options.allowOrigins,
  });
  if (options.generatedKey)
    console.log(`Generated an API key for this run (pass --api-key or set DBHOST_API_KEY to keep one): ${options.apiKeys[0]}`);
  console.log(`${service.data}; ${options.apiKeys.length} account(s)${options.payment ? '' : ' without payment information'}`);
  if (options.allowOrigins.length > 0) console.log(`Answering browser pages from ${options.allowOrigins.join(', ')}`);
  console.log(serviceReadyLine(service.url));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Could not stop cleanly: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(`dbhost service could not start: ${(error as Error).message}`);
  process.exit(1);
});
