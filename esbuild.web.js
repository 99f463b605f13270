// The extension for VS Code for the Web (package.json's `browser`, run in a web worker), required by esbuild.js:
// dist/web/extension.js from its own composition root, src/extension/extensionWeb.ts, and each lazily loaded part
// as dist/web/<part>.js, fetched and evaluated the first time it is awaited (src/extension/lazyPartWeb.ts).
// No Node built-in anywhere (a build that needs one fails).
const path = require('node:path');

const extensionRoot = path.join(__dirname, 'src', 'extension');

/** The parts lazyPart loads in the browser, by the file name their callers give: the same entries as the desktop's. */
const webParts = {
  'playgroundParser.js': 'src/core/playground/parsePlayground.ts',
  'playgroundKnowledge.js': 'src/extension/bundles/knowledgeBundle.ts',
  'originalFeatures.js': 'src/extension/bundles/originalFeaturesBundle.ts',
  'bulkChanges.js': 'src/extension/bulkChanges/bulkChangesBundle.ts',
  'databases.js': 'src/extension/databases/databasesBundle.ts',
  'indexes.js': 'src/extension/indexes/indexesBundle.ts',
  'collectionViewHost.js': 'src/extension/collectionView/collectionViewHost.ts',
  'documentMerge.js': 'src/extension/documents/documentMergeBundle.ts',
  'documentSave.js': 'src/extension/documents/documentSaveBundle.ts',
  'rules.js': 'src/extension/rules/rulesBundle.ts',
  'logTail.js': 'src/extension/deploymentLogs/logTailBundle.ts',
  'aiTools.js': 'src/extension/aiTools/aiToolsBundle.ts',
  // Export and import over vscode.workspace.fs (the desktop's dist/transfer.js is over Node's files).
  'transferWeb.js': 'src/extension/transfer/transferBundleWeb.ts',
};

/** The client loads node-fetch only when it was given no fetch; the web root always gives the browser's. */
function noNodeFetch(build) {
  build.onResolve({ filter: /^node-fetch$/ }, () => ({ path: 'node-fetch', namespace: 'web-absent' }));
  build.onLoad({ filter: /.*/, namespace: 'web-absent' }, () => ({
    contents: "export default function absent() { throw new Error('node-fetch is not part of DB Host in the browser'); }",
    loader: 'js',
  }));
}

/** The main bundle holds the browser's loaders in place of base/lazyModule.ts and base/lazyPart.ts. */
const entrySeams = {
  name: 'web-entry-seams',
  setup(build) {
    build.onResolve({ filter: /\/base\/lazyModule$/ }, () => ({ path: path.join(extensionRoot, 'lazyModuleWeb.ts') }));
    build.onResolve({ filter: /\/base\/lazyPart$/ }, () => ({ path: path.join(extensionRoot, 'lazyPartWeb.ts') }));
    noNodeFetch(build);
  },
};

/** A part asks the main bundle's loaders for its own parts (lazyPartWeb.ts hands them over), so each exists once. */
const partSeams = {
  name: 'web-part-seams',
  setup(build) {
    build.onResolve({ filter: /\/base\/lazyModule$/ }, () => ({ path: 'dbhost:lazyModule', external: true }));
    build.onResolve({ filter: /\/base\/lazyPart$/ }, () => ({ path: 'dbhost:lazyPart', external: true }));
    noNodeFetch(build);
  },
};

function shared(production) {
  return {
    bundle: true,
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    mainFields: ['module', 'main'],
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
    metafile: true,
    external: ['vscode'],
  };
}

/** dist/web/extension.js, what VS Code for the Web loads at activation. `outdir` as in esbuild.js's bundleOptionsIn. */
function webBundleOptions(production, outdir) {
  return {
    ...shared(production),
    entryPoints: ['src/extension/extensionWeb.ts'],
    outfile: path.join(outdir ?? 'dist', 'web', 'extension.js'),
    plugins: [entrySeams],
  };
}

/** dist/web/<part>.js for each lazily loaded part. */
function webPartOptions(production, outdir) {
  return Object.entries(webParts).map(([file, entry]) => ({
    ...shared(production),
    entryPoints: [entry],
    outfile: path.join(outdir ?? 'dist', 'web', file),
    plugins: [partSeams],
  }));
}

/** Every web bundle, as esbuild options. */
function webBundles(production, outdir) {
  return [webBundleOptions(production, outdir), ...webPartOptions(production, outdir)];
}

module.exports = { webBundleOptions, webPartOptions, webBundles, webParts };
