export { startService } from './server';
export type { RunningService, ServiceOptions } from './server';
export { DEFAULT_LIMIT, MAX_LIMIT, COUNT_HEADER } from './handlers/documents';
export { DEMO_COUNTS } from './demo/demoData';
export { FREE_DATABASE_LIMIT } from './handlers/databases';
