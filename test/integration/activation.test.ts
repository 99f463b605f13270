import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { logFileLines } from './support/logFile';
import { productExtensionId } from './support/product';
import { shownManifest } from './support/shownManifest';

interface Contributions {
  commands?: { command: string }[];
  viewsContainers?: { activitybar?: { id: string; title: string; icon: string }[] };
  views?: Record<string, { id: string; name: string }[]>;
  viewsWelcome?: { view: string; contents: string; when?: string }[];
}

function productExtension(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(productExtensionId);
  assert.ok(extension, `${productExtensionId} is not installed in this VS Code`);
  return extension;
}

function contributions(): Contributions {
  return shownManifest<{ contributes: Contributions }>(productExtension()).contributes;
}

describe('The extension in VS Code', () => {
  it('activates', async () => {
    const extension = productExtension();
    await extension.activate();
    assert.equal(extension.isActive, true);
    // A failed activation leaves the extension "active" too: the line it logs last, in Output > DB Host, says it got through.
    await logFileLines(
      'DB Host',
      (lines) => lines.some((line) => /Activated in \d+(\.\d+)? ms/.test(line)),
      '"Activated in … ms" in the DB Host log',
    );
  });

  it('shows its own view container, with an icon from media/, holding the explorer view', async () => {
    const container = contributions().viewsContainers?.activitybar?.find((c) => c.id === 'dbhost');
    assert.ok(container, 'no activity-bar container "dbhost"');
    assert.equal(container.title, 'DB Host');
    assert.match(container.icon, /^media\//);
    assert.ok(
      fs.existsSync(path.join(productExtension().extensionPath, container.icon)),
      `${container.icon} is not in the installed extension`,
    );
    assert.ok(
      contributions().views?.dbhost?.some((view) => view.id === 'dbhost.explorer'),
      'no dbhost.explorer view in the container',
    );

    // VS Code registers these commands only for a container and view it actually created.
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('workbench.view.extension.dbhost'), 'VS Code has no command to open the DB Host container');
    assert.ok(commands.includes('dbhost.explorer.focus'), 'VS Code has no command to focus the DB Host explorer');
    await vscode.commands.executeCommand('workbench.view.extension.dbhost');
    await vscode.commands.executeCommand('dbhost.explorer.focus');
  });

  it('has a welcome in the explorer whose links run commands the extension registered', async () => {
    const welcome = (contributions().viewsWelcome ?? []).filter((w) => w.view === 'dbhost.explorer');
    assert.ok(welcome.length > 0, 'no welcome content for dbhost.explorer');
    const linked = welcome.flatMap((w) => [...w.contents.matchAll(/\(command:([\w.]+)/g)].map((m) => m[1]));
    assert.ok(linked.includes('dbhost.addAccount'), 'the welcome does not offer "Add Account"');
    const commands = await vscode.commands.getCommands(true);
    for (const command of linked) assert.ok(commands.includes(command), `the welcome links to ${command}, which is not registered`);
  });

  it('registers exactly the commands it contributes, and contributes every command it registers', async () => {
    await productExtension().activate();
    const contributed = (contributions().commands ?? []).map((entry) => entry.command).sort();
    // VS Code adds commands of its own for each view (`<view id>.focus` and the like).
    const viewIds = Object.values(contributions().views ?? {})
      .flat()
      .map((view) => view.id);
    const registered = (await vscode.commands.getCommands(true))
      .filter((command) => command.startsWith('dbhost.') && !viewIds.some((id) => command.startsWith(`${id}.`)))
      .sort();
    assert.deepEqual(registered, contributed);
  });
});
