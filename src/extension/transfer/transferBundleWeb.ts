// The entry of dist/web/transferWeb.js, the browser's: export and import over `vscode.workspace.fs`, fetched
// the first time one runs. The desktop's is transferBundle.ts.
import { transferCommandsOver } from './transferCommands';
import { workspaceTransferFiles } from './workspaceTransferFiles';

export const transferCommands = transferCommandsOver(workspaceTransferFiles);
