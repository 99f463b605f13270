// The entry of dist/transfer.mjs, the desktop's: export and import over Node's files (streamed), loaded only
// when first used, so the extension's own bundle stays small. The browser's is transferBundleWeb.ts.
import { nodeTransferFiles } from './nodeTransferFiles';
import { transferCommandsOver } from './transferCommands';

export const transferCommands = transferCommandsOver(nodeTransferFiles);
