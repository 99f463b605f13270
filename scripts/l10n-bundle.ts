// `npm run l10n`: writes l10n/bundle.l10n.json, the English texts the extension passes to `vscode.l10n.t`, which a
// translator copies to bundle.l10n.<locale>.json. What `@vscode/l10n-dev export` makes, read here with the TypeScript
// compiler: the first argument of every `l10n.t(...)` call in src/extension and src/webview, a literal so it can be found.
// `--check` writes nothing and fails when the file is not what the sources say (the unit test does the same).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { repoRoot } from './vscode-host/paths';

export const BUNDLE_PATH = path.join(repoRoot, 'l10n', 'bundle.l10n.json');
/** The extension, and the webviews' page scripts (src/webview/shared/l10n.ts gives them `l10n.t`). */
const SOURCE_DIRS = [path.join(repoRoot, 'src', 'extension'), path.join(repoRoot, 'src', 'webview')];

export interface L10nCall {
  file: string;
  line: number;
  /** The first argument's text; undefined when it is not a literal. */
  message?: string;
  /** How many arguments follow the message (the values of `{0}`, `{1}`…). */
  argumentCount: number;
}

/** `vscode.l10n.t(...)` or `l10n.t(...)`. */
function isL10nT(expression: ts.Expression): boolean {
  if (!ts.isPropertyAccessExpression(expression) || expression.name.text !== 't') return false;
  const owner = expression.expression;
  return (ts.isPropertyAccessExpression(owner) && owner.name.text === 'l10n') || (ts.isIdentifier(owner) && owner.text === 'l10n');
}

export function l10nCallsIn(file: string, text: string): L10nCall[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const calls: L10nCall[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isL10nT(node.expression)) {
      const [first, ...rest] = node.arguments;
      const literal = first !== undefined && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first));
      calls.push({
        file,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        message: literal ? first.text : undefined,
        argumentCount: rest.length,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return calls;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return entry.name.endsWith('.ts') ? [full] : [];
    })
    .sort();
}

export function l10nCalls(dirs = SOURCE_DIRS): L10nCall[] {
  return dirs.flatMap(sourceFiles).flatMap((file) => l10nCallsIn(path.relative(repoRoot, file), fs.readFileSync(file, 'utf8')));
}

/** The bundle's text: each message once, as its own key, sorted, so a diff shows what changed. */
export function bundleText(calls: readonly L10nCall[]): string {
  const messages = [...new Set(calls.flatMap((call) => (call.message === undefined ? [] : [call.message])))].sort();
  return `${JSON.stringify(Object.fromEntries(messages.map((message) => [message, message])), null, 2)}\n`;
}

if (require.main === module) {
  const calls = l10nCalls();
  const unreadable = calls.filter((call) => call.message === undefined);
  for (const call of unreadable) console.error(`${call.file}:${call.line}: l10n.t's first argument must be a literal`);
  const text = bundleText(calls);
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(BUNDLE_PATH) ? fs.readFileSync(BUNDLE_PATH, 'utf8') : '';
    if (current !== text) console.error(`${path.relative(repoRoot, BUNDLE_PATH)} is out of date: run npm run l10n`);
    process.exitCode = current !== text || unreadable.length > 0 ? 1 : 0;
  } else {
    fs.mkdirSync(path.dirname(BUNDLE_PATH), { recursive: true });
    fs.writeFileSync(BUNDLE_PATH, text);
    console.log(`${path.relative(repoRoot, BUNDLE_PATH)}: ${text.split('\n').length - 3} messages`);
  }
}
