// Bundles the extension and the local service, in the pattern of the official extension samples.
const esbuild = require('esbuild');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Prints errors in the `file:line:column: error: message` form that VS Code's problem matcher reads. */
const problemMatcherPlugin = {
  name: 'esbuild-problem-matcher',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

const shared = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  // jsonc-parser's "main" is a UMD build that esbuild cannot follow; its ESM build bundles cleanly.
  mainFields: ['module', 'main'],
  logLevel: 'silent',
  plugins: [problemMatcherPlugin],
};

async function main() {
  const contexts = await Promise.all([
    esbuild.context({ ...shared, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] }),
    esbuild.context({ ...shared, entryPoints: ['src/service/main.ts'], outfile: 'dist/service.js' }),
  ]);
  if (watch) {
    await Promise.all(contexts.map((ctx) => ctx.watch()));
    return;
  }
  const results = await Promise.all(contexts.map((ctx) => ctx.rebuild()));
  await Promise.all(contexts.map((ctx) => ctx.dispose()));
  if (results.some((r) => r.errors.length > 0)) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
