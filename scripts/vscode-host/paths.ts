import * as path from 'node:path';

/** The repository this script belongs to. */
export const repoRoot = path.resolve(__dirname, '..', '..');

/** Every download the harness needs, keyed by version, so a second run reuses it (ignored by git). */
export const cacheDir = path.join(repoRoot, '.vscode-test');

/** code-server 4.139.1 contains VS Code 1.139.1; `engines.vscode` of the extension must not exceed it. */
export const codeServerVersion = '4.139.1';

/** The Node major code-server's native modules are built for and run on. */
export const nodeMajor = 24;

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
