// Bundles the extension, its lazily loaded playground parser and the local service, in the pattern of
// the official extension samples. Other scripts (the bundle-size test and benchmark) import
// `bundleOptions` so that they measure exactly what ships.
const esbuild = require('esbuild');

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

/**
 * node-fetch carries support the client never uses: multipart and FormData bodies, data: URLs, and
 * Blobs read from files. Its multipart parser is loaded only inside `Body.formData()`, so it stays out
 * of the bundle; the other three are replaced by stand-ins that keep node-fetch's imports whole and
 * fail plainly if ever reached. The client sends JSON text and reads text, over http and https only.
 */
const unusedFetchFeatures = {
  name: 'unused-fetch-features',
  setup(build) {
    build.onResolve({ filter: /multipart-parser\.js$/ }, (args) => ({ path: args.path, external: true }));
    const standIns = {
      'formdata-polyfill/esm.min.js':
        "export class FormData {} export function formDataToBlob() { throw new Error('FormData bodies are not supported'); }",
      'fetch-blob/from.js':
        "export { default as Blob, default as File } from 'fetch-blob';" +
        " const fromDisk = () => { throw new Error('Blobs from files are not supported'); };" +
        ' export { fromDisk as blobFrom, fromDisk as blobFromSync, fromDisk as fileFrom, fromDisk as fileFromSync };',
      // Blob bodies and Response.blob(): the client sends and reads text only.
      'fetch-blob': "export default class Blob { constructor() { throw new Error('Blob bodies are not supported'); } }",
      // The query string of a URL (node-fetch's own also keeps a bare trailing "?", which no client URL has).
      './utils/get-search.js': 'export const getSearch = (url) => url.search;',
      // Referrer policies: the client sends no Referer and never follows a redirect.
      './utils/referrer.js':
        "export const DEFAULT_REFERRER_POLICY = 'no-referrer'; export const validateReferrerPolicy = (policy) => policy;" +
        " export const determineRequestsReferrer = () => 'no-referrer'; export const parseReferrerPolicyFromHeader = () => '';",
      'data-uri-to-buffer': "export default function dataUriToBuffer() { throw new Error('data: URLs are not supported'); }",
    };
    const filter = new RegExp(
      `^(${Object.keys(standIns)
        .map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
        .join('|')})$`,
    );
    build.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'fetch-stand-in' }));
    build.onLoad({ filter: /.*/, namespace: 'fetch-stand-in' }, (args) => ({
      contents: standIns[args.path],
      resolveDir: __dirname,
      loader: 'js',
    }));
  },
};

/** The extension loads node-fetch from its own bundle, dist/nodeFetch.js, at the first request (activation needs none). */
const nodeFetchApart = {
  name: 'node-fetch-apart',
  setup(build) {
    build.onResolve({ filter: /^node-fetch$/ }, () => ({ path: './nodeFetch.js', external: true }));
  },
};

/** The bundles, each as esbuild options; `production` minifies and drops source maps. */
function bundleOptions(production) {
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
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
  };
  return {
    extension: {
      ...shared,
      entryPoints: ['src/extension/extension.ts'],
      outfile: 'dist/extension.js',
      // fetch-blob (under node-fetch) loads this 59 KB polyfill only where Node lacks
      // node:stream/web, which every Node that runs VS Code 1.95+ has.
      external: ['vscode'],
      plugins: [nodeFetchApart],
    },
    nodeFetch: {
      ...shared,
      entryPoints: ['src/client/nodeFetchBundle.mjs'],
      outfile: 'dist/nodeFetch.js',
      // fetch-blob (under node-fetch) loads this 59 KB polyfill only where Node lacks
      // node:stream/web, which every Node that runs VS Code 1.95+ has.
      external: ['web-streams-polyfill', 'web-streams-polyfill/*'],
      plugins: [unusedFetchFeatures],
    },
    playgroundParser: { ...shared, entryPoints: ['src/core/playground/parsePlayground.ts'], outfile: 'dist/playgroundParser.js' },
    // Schemas, completion, hovers, Run All and history: loaded the first time a playground or a collection's schema needs them.
    playgroundKnowledge: {
      ...shared,
      entryPoints: ['src/extension/bundles/knowledgeBundle.ts'],
      outfile: 'dist/playgroundKnowledge.js',
      external: ['vscode'],
    },
    // pg is bundled in; its optional native binding (pg-native) is never used, and only required when asked for.
    service: { ...shared, entryPoints: ['src/service/main.ts'], outfile: 'dist/service.js', external: ['pg-native'] },
    guardrails: {
      ...shared,
      entryPoints: ['src/extension/guardrails/guardrailsBundle.ts'],
      outfile: 'dist/guardrails.js',
      external: ['vscode'],
    },
    // Bulk changes' preview and undo (issue 25), with the extension's own update operators: loaded the first time one runs.
    bulkChanges: {
      ...shared,
      entryPoints: ['src/extension/bulkChanges/bulkChangesBundle.ts'],
      outfile: 'dist/bulkChanges.js',
      external: ['vscode'],
    },
    // A collection's rules (issue 33): its Rules item, the rules file, completion in it; loaded the first time a collection is expanded.
    rules: { ...shared, entryPoints: ['src/extension/rules/rulesBundle.ts'], outfile: 'dist/rules.js', external: ['vscode'] },
    // Creating and deleting a database: loaded the first time one of them runs.
    databases: {
      ...shared,
      entryPoints: ['src/extension/databases/databasesBundle.ts'],
      outfile: 'dist/databases.js',
      external: ['vscode'],
    },
    transfer: { ...shared, entryPoints: ['src/extension/transfer/transferBundle.ts'], outfile: 'dist/transfer.js', external: ['vscode'] },
    logTail: {
      ...shared,
      entryPoints: ['src/extension/deploymentLogs/logTailBundle.ts'],
      outfile: 'dist/logTail.js',
      external: ['vscode'],
    },
    // The index commands, Explain, its view and the suggested index: loaded the first time one runs.
    indexes: { ...shared, entryPoints: ['src/extension/indexes/indexesBundle.ts'], outfile: 'dist/indexes.js', external: ['vscode'] },
    originalFeatures: {
      ...shared,
      entryPoints: ['src/extension/bundles/originalFeaturesBundle.ts'],
      outfile: 'dist/originalFeatures.js',
      external: ['vscode'],
    },
    // The language-model tools' code, loaded at the first tool call.
    aiTools: { ...shared, entryPoints: ['src/extension/aiTools/aiToolsBundle.ts'], outfile: 'dist/aiTools.js', external: ['vscode'] },
    // The MCP server (`dbhost-mcp`): its own process over stdio, with node-fetch and the MCP SDK bundled in.
    mcp: { ...shared, entryPoints: ['src/mcp/main.ts'], outfile: 'dist/mcp.js', banner: { js: '#!/usr/bin/env node' } },
    statsChart: {
      ...shared,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      entryPoints: ['src/webview/statsChart/statsChartView.ts'],
      outfile: 'dist/statsChart.js',
    },
    // An explain view's page script runs in the webview (a browser), loaded only by that page.
    explainView: {
      ...shared,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      entryPoints: ['src/webview/explainView/explainView.ts'],
      outfile: 'dist/explainView.js',
    },
    // The three-way merge view's extension-side code, loaded the first time a save offers Merge….
    documentMerge: {
      ...shared,
      entryPoints: ['src/extension/documents/documentMergeBundle.ts'],
      outfile: 'dist/documentMerge.js',
      external: ['vscode'],
    },
    // Ctrl+S on a document of the service: its checks and the conflict check, loaded at the first such save.
    documentSave: {
      ...shared,
      entryPoints: ['src/extension/documents/documentSaveBundle.ts'],
      outfile: 'dist/documentSave.js',
      external: ['vscode'],
    },
    // The merge view's page script runs in the webview (a browser), loaded only by that page.
    mergeView: {
      ...shared,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      entryPoints: ['src/webview/mergeView/mergeView.ts'],
      outfile: 'dist/mergeView.js',
    },
    // The collection views' extension-side code, loaded the first time a view opens.
    collectionViewHost: {
      ...shared,
      entryPoints: ['src/extension/collectionView/collectionViewHost.ts'],
      outfile: 'dist/collectionViewHost.js',
      external: ['vscode'],
    },
    // The collection view's page script runs in the webview (a browser), loaded only by that page.
    collectionView: {
      ...shared,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      entryPoints: ['src/webview/collectionView/main.ts'],
      outfile: 'dist/collectionView.js',
    },
  };
}

/** The same bundles written to `outdir` instead of dist/ (packaging and the bench keep dist/ for the test runs). */
function bundleOptionsIn(production, outdir) {
  const options = bundleOptions(production);
  if (!outdir) return options;
  return Object.fromEntries(
    Object.entries(options).map(([name, bundle]) => [
      name,
      { ...bundle, outfile: require('node:path').join(outdir, require('node:path').basename(bundle.outfile)) },
    ]),
  );
}

const { webBundleOptions, webBundles } = require('./esbuild.web.js');

async function main() {
  const production = process.argv.includes('--production');
  const watch = process.argv.includes('--watch');
  const outdirFlag = process.argv.indexOf('--outdir');
  const outdir = outdirFlag >= 0 ? process.argv[outdirFlag + 1] : undefined;
  const contexts = await Promise.all(
    [...Object.values(bundleOptionsIn(production, outdir)), ...webBundles(production, outdir)].map((options) =>
      esbuild.context({ ...options, plugins: [...(options.plugins ?? []), ...(watch ? [problemMatcherPlugin] : [])] }),
    ),
  );
  if (watch) {
    await Promise.all(contexts.map((ctx) => ctx.watch()));
    return;
  }
  const results = await Promise.all(contexts.map((ctx) => ctx.rebuild().catch((error) => ({ errors: error.errors ?? [error] }))));
  await Promise.all(contexts.map((ctx) => ctx.dispose()));
  const errors = results.flatMap((result) => result.errors);
  for (const error of errors) {
    const where = error.location ? `${error.location.file}:${error.location.line}:${error.location.column}: ` : '';
    console.error(`${where}error: ${error.text ?? error.message}`);
  }
  if (errors.length > 0) process.exit(1);
}

module.exports = { bundleOptions, bundleOptionsIn, webBundleOptions };

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
