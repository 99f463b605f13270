import { DEFAULT_PAGE_SIZE } from '../api/limits';
import { DEFAULT_SAMPLE_SIZE } from '../schema/sampleSize';
import type { CsvFormulas } from '../transfer/csvFormulas';

/** Every `dbhost.*` setting, by its name after `dbhost.`, with its type. */
export interface Settings {
  pageSize: number;
  requestTimeoutSeconds: number;
  'logs.pollInterval': number;
  'schema.sampleSize': number;
  'logs.initialLines': number;
  'export.parallelWindows': number;
  'export.csvFormulas': CsvFormulas;
}

/**
 * The defaults `package.json` declares (a unit test checks they agree). The extension reads settings only
 * through `src/extension/base/settings.ts`, which falls back to these.
 */
export const SETTING_DEFAULTS: Settings = {
  pageSize: DEFAULT_PAGE_SIZE,
  requestTimeoutSeconds: 30,
  'logs.pollInterval': 5,
  'schema.sampleSize': DEFAULT_SAMPLE_SIZE,
  'logs.initialLines': 50,
  'export.parallelWindows': 1,
  'export.csvFormulas': 'neutralise',
};
