export { startService } from './server';
export type { RunningService, ServiceOptions } from './server';
export { COUNT_HEADER } from './handlers/documents';
export { DEMO_COUNTS } from './demo/demoData';
