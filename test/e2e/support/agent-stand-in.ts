import * as fs from 'node:fs';
import * as path from 'node:path';

export const CALL_TOOL_COMMAND = 'Agent Stand-in: Call a DB Host Tool…';

/**
 * code-server has no chat, so no agent calls the product's language-model tools there. This small extension,
 * installed beside the product for a journey, does what an agent's host does: `vscode.lm.invokeTool` with the
 * tool and input the person types, through the same VS Code tool service a chat uses; plain CommonJS with only
 * `vscode`, so it runs in a browser's web-worker extension host too (`browser`). It is test code: the product
 * ships nothing of it.
 */
export function installAgentStandIn(extensionsDir: string): void {
  const dir = path.join(extensionsDir, 'dbhost-tests.agent-stand-in-0.0.0');
  fs.mkdirSync(dir, { recursive: true });
  const manifest = {
    name: 'agent-stand-in',
    publisher: 'dbhost-tests',
    version: '0.0.0',
    engines: { vscode: '^1.95.0' },
    activationEvents: ['onCommand:dbhostTests.callTool'],
    main: './extension.js',
    browser: './extension.js',
    contributes: { commands: [{ command: 'dbhostTests.callTool', title: CALL_TOOL_COMMAND }] },
  };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  fs.writeFileSync(path.join(dir, 'extension.js'), SOURCE);
}

const SOURCE = `const vscode = require('vscode');
exports.activate = (context) => {
  context.subscriptions.push(vscode.commands.registerCommand('dbhostTests.callTool', async () => {
    const tools = vscode.lm.tools.filter((tool) => tool.name.startsWith('dbhost_')).map((tool) => tool.name);
    const name = await vscode.window.showQuickPick(tools, { placeHolder: 'Which DB Host tool does the agent call?', ignoreFocusOut: true });
    if (!name) return;
    const text = await vscode.window.showInputBox({ prompt: 'The tool input the agent sends (JSON)', ignoreFocusOut: true });
    if (text === undefined) return;
    const result = await vscode.lm.invokeTool(name, { input: JSON.parse(text), toolInvocationToken: undefined });
    const answer = result.content.map((part) => part.value ?? '').join('');
    void vscode.window.showInformationMessage('Agent stand-in: ' + name + ' answered ' + answer.length + ' characters');
  }));
};
exports.deactivate = () => {};
`;
