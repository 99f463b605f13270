// Bundles the extension (one module graph with its lazily loaded parts), the local service, the MCP server and the
// webview scripts, in the pattern of the official extension samples. Other scripts (the bundle-size test and benchmark) import
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

const lazyParts = require('./src/extension/kit/lazy/lazyParts.json');

/**
 * The extension host's code is one module graph: dist/extension.mjs (package.json's `main`, loaded at activation)
 * and each lazily loaded part of src/extension/kit/lazy/lazyParts.json (dist/<part>.mjs, loaded by name at first
 * use) are entries of one ESM build with code splitting, so a module they share sits once in a dist/c-<hash>.mjs
 * chunk and exists once at run time. node-fetch, imported with `import()`, is a chunk loaded at the first request.
 */
const extensionHostEntries = { extension: 'src/extension/extension.ts', ...lazyParts.awaited, ...lazyParts.synchronous };

/**
 * esbuild gives each set of entries that reach a module a chunk of its own, so the modules activation loads came
 * as dozens of small chunks (one for each set of parts sharing them), each a file the extension host resolves,
 * reads and links before activate(). Each lazily loaded part is built from a stand-in that also re-exports
 * `activate`, so every module activation loads is reached from every entry: they are one chunk, which a part
 * loaded later finds loaded already.
 */
const activationInEveryPart = {
  name: 'activation-in-every-part',
  setup(build) {
    const path = require('node:path');
    build.onResolve({ filter: /^lazy-part:/ }, (args) => ({ path: args.path.slice('lazy-part:'.length), namespace: 'lazy-part' }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-part' }, (args) => ({
      contents:
        `export * from ${JSON.stringify(path.resolve(__dirname, args.path))};` +
        ` export { activate as activationGraph } from ${JSON.stringify(path.resolve(__dirname, extensionHostEntries.extension))};`,
      resolveDir: __dirname,
      loader: 'js',
    }));
  },
};
const extensionHostEntryPoints = Object.fromEntries(
  Object.entries(extensionHostEntries).map(([name, file]) => [name, name === 'extension' ? file : `lazy-part:${file}`]),
);

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
    extensionHost: {
      ...shared,
      format: 'esm',
      splitting: true,
      entryPoints: extensionHostEntryPoints,
      outdir: 'dist',
      outExtension: { '.js': '.mjs' },
      // Beside the entries, so that the loader of the parts, in whichever chunk, finds them in its own folder.
      chunkNames: 'c-[hash]',
      // An ES module has neither; lazyModule finds the parts beside its own file with them.
      define: { __dirname: 'import.meta.dirname', __filename: 'import.meta.filename' },
      // fetch-blob (under node-fetch) loads this 59 KB polyfill only where Node lacks
      // node:stream/web, which every Node that runs VS Code 1.101+ has.
      external: ['vscode', 'web-streams-polyfill', 'web-streams-polyfill/*'],
      plugins: [unusedFetchFeatures, activationInEveryPart],
    },
    // pg is bundled in; its optional native binding (pg-native) is never used, and only required when asked for.
    service: { ...shared, entryPoints: ['src/service/main.ts'], outfile: 'dist/service.js', external: ['pg-native'] },
    // The MCP server (`dbhost-mcp`): its own process over stdio, with node-fetch and the MCP SDK bundled in.
    mcp: { ...shared, entryPoints: ['src/mcp/main.ts'], outfile: 'dist/mcp.js', banner: { js: '#!/usr/bin/env node' } },
    // The page scripts of the webviews run in a browser, each loaded only by its page.
    statsChart: webviewScript('src/webview/statsChart/statsChartView.ts', 'dist/statsChart.js'),
    explainView: webviewScript('src/webview/explainView/explainView.ts', 'dist/explainView.js'),
    mergeView: webviewScript('src/webview/mergeView/mergeView.ts', 'dist/mergeView.js'),
    collectionView: webviewScript('src/webview/collectionView/main.ts', 'dist/collectionView.js'),
  };

  function webviewScript(entry, outfile) {
    return { ...shared, platform: 'browser', format: 'iife', target: 'es2022', entryPoints: [entry], outfile };
  }
}

/** The same bundles written to `outdir` instead of dist/ (packaging and the bench keep dist/ for the test runs). */
function bundleOptionsIn(production, outdir) {
  const options = bundleOptions(production);
  if (!outdir) return options;
  const path = require('node:path');
  return Object.fromEntries(
    Object.entries(options).map(([name, bundle]) => [
      name,
      bundle.outdir ? { ...bundle, outdir } : { ...bundle, outfile: path.join(outdir, path.basename(bundle.outfile)) },
    ]),
  );
}

/** Chunks of an earlier build (named by a hash of their content), which packaging dist/*.mjs would ship with the new ones. */
function removeOldChunks(dir) {
  const fs = require('node:fs');
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) if (/^c-[A-Z0-9]+\.mjs(\.map)?$/.test(name)) fs.rmSync(require('node:path').join(dir, name));
}

const { webGraphOptions } = require('./esbuild.web.js');

async function main() {
  const production = process.argv.includes('--production');
  const watch = process.argv.includes('--watch');
  const outdirFlag = process.argv.indexOf('--outdir');
  const outdir = outdirFlag >= 0 ? process.argv[outdirFlag + 1] : undefined;
  removeOldChunks(outdir ?? 'dist');
  const contexts = await Promise.all(
    [...Object.values(bundleOptionsIn(production, outdir)), webGraphOptions(production, outdir)].map((options) =>
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

module.exports = { bundleOptions, bundleOptionsIn, extensionHostEntries };

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
