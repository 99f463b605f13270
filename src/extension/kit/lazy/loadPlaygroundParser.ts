import { lazyPart } from '../../base/lazyPart';
import type * as ParserModule from '../../../core/playground/parsePlayground';

/**
 * The playground parser and jsonc-parser are bundled apart, as dist/playgroundParser.mjs, and loaded
 * the first time a playground is read: most sessions never open one, and activation stays small.
 */
export const playgroundParser = lazyPart(
  'playgroundParser',
  (bundle: typeof ParserModule): typeof ParserModule.parsePlayground => bundle.parsePlayground,
);
