import * as path from 'node:path';
import type * as ParserModule from '../../core/playground/parsePlayground';

let parser: typeof ParserModule.parsePlayground | undefined;

/**
 * The playground parser and jsonc-parser are bundled apart, as dist/playgroundParser.js, and loaded
 * the first time a playground is read: most sessions never open one, and activation stays small.
 */
export function playgroundParser(): typeof ParserModule.parsePlayground {
  if (!parser) {
    const bundle = path.join(__dirname, 'playgroundParser.js');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time path esbuild must not follow
    parser = (require(bundle) as typeof ParserModule).parsePlayground;
  }
  return parser;
}
