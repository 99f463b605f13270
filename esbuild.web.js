// The extension for VS Code for the Web (package.json's `browser`, run in a web worker), required by esbuild.js. Like
// the desktop's, its code is one module graph: src/extension/extensionWeb.ts and each awaited part of
// src/extension/kit/lazy/lazyParts.json are entries of one ES module build with code splitting. A web worker cannot
// import them as ES modules (VS Code evaluates a browser main as CommonJS, and blocks importScripts), so each file of
// that build is turned into a CommonJS function: dist/web/extension.js holds the module table
// (src/extension/kit/lazy/webModules.ts), the entry and the chunks it imports; each part is dist/web/<part>.js and
// each chunk only parts import dist/web/c-<hash>.js, fetched the first time a part needing it is awaited
// (src/extension/lazyPartWeb.ts). No Node built-in anywhere (a build that needs one fails).
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');
const lazyParts = require('./src/extension/kit/lazy/lazyParts.json');

const extensionRoot = path.join(__dirname, 'src', 'extension');

/** The web graph's entries by output name: the browser's composition root and the parts it awaits. */
const webEntries = { extension: 'src/extension/extensionWeb.ts', ...lazyParts.awaited, ...lazyParts.browserOnly };

/** The browser's loaders in place of base/lazyModule.ts and base/lazyPart.ts; the client loads node-fetch only when given no fetch, and the web root always gives the browser's. */
const webSeams = {
  name: 'web-seams',
  setup(build) {
    build.onResolve({ filter: /\/base\/lazyModule$/ }, () => ({ path: path.join(extensionRoot, 'lazyModuleWeb.ts') }));
    build.onResolve({ filter: /\/base\/lazyPart$/ }, () => ({ path: path.join(extensionRoot, 'lazyPartWeb.ts') }));
    build.onResolve({ filter: /^node-fetch$/ }, () => ({ path: 'node-fetch', namespace: 'web-absent' }));
    build.onLoad({ filter: /.*/, namespace: 'web-absent' }, () => ({
      contents: "export default function absent() { throw new Error('node-fetch is not part of DB Host in the browser'); }",
      loader: 'js',
    }));
  },
};

function shared(production) {
  return {
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    minify: production,
    sourcesContent: false,
    mainFields: ['module', 'main'],
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
  };
}

/** The module table, built apart: dist/web/extension.js begins with it. */
function moduleTableText(production) {
  const table = esbuild.buildSync({
    ...shared(production),
    format: 'iife',
    globalName: 'dbhostWebModules',
    entryPoints: [path.join(extensionRoot, 'kit', 'lazy', 'webModules.ts')],
    absWorkingDir: __dirname,
    write: false,
  });
  return table.outputFiles[0].text;
}

/**
 * The web graph as esbuild options: an ES module build, whose files `shipWebFiles` (run at the end of each build,
 * watch included) turns into CommonJS functions and writes as they ship, removing the chunks of an earlier build.
 * buildWeb builds it in memory instead.
 */
function webGraphOptions(production, outdir) {
  const dir = path.resolve(outdir ?? path.join(__dirname, 'dist'), 'web');
  return {
    ...shared(production),
    format: 'esm',
    splitting: true,
    entryPoints: webEntries,
    absWorkingDir: __dirname,
    outdir: dir,
    chunkNames: 'c-[hash]',
    metafile: true,
    write: false,
    // The table dist/web/extension.js hands every file (src/extension/kit/lazy/webModules.ts).
    external: ['vscode', 'dbhost:webModules'],
    plugins: [webSeams, shipWebFiles(production, dir)],
  };
}

function shipWebFiles(production, dir) {
  return {
    name: 'ship-web-files',
    setup(build) {
      const table = moduleTableText(production);
      build.onEnd(async (result) => {
        if (result.errors.length > 0) return;
        const files = await webFiles(result, table, dir, production);
        fs.mkdirSync(dir, { recursive: true });
        for (const name of fs.readdirSync(dir)) if (/^c-[A-Z0-9]+\.js$|\.js\.map$/.test(name)) fs.rmSync(path.join(dir, name));
        for (const [name, text] of files) fs.writeFileSync(path.join(dir, name), text);
      });
    },
  };
}

/** Each file's static imports of other files of the graph, by file name, from the metafile. */
function importsOf(metafile) {
  const imports = {};
  for (const [output, { imports: imported }] of Object.entries(metafile.outputs)) {
    if (!output.endsWith('.js')) continue;
    const names = imported
      .filter((entry) => entry.kind === 'import-statement' && !entry.external)
      .map((entry) => path.basename(entry.path));
    imports[path.basename(output)] = names;
  }
  return imports;
}

/** What dist/web/extension.js carries: the entry and every chunk it imports, transitively. */
function eagerFiles(imports) {
  const eager = new Set();
  const pending = ['extension.js'];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (eager.has(name)) continue;
    eager.add(name);
    pending.push(...imports[name]);
  }
  return eager;
}

/**
 * The files of a build of the web graph as they ship, each as [name, text]: `extension.js` (the module table, the
 * entry and the chunks it imports) first, then the parts and the chunks fetched later.
 */
async function webFiles(graph, table, dir, production) {
  return (await webGraphFiles(graph, table, dir, production)).files;
}

/** webFiles, with each file of the graph as its CommonJS function's body, by name (the entry carries some). */
async function webGraphFiles(graph, table, dir, production) {
  const imports = importsOf(graph.metafile);
  const commonJs = new Map();
  for (const file of graph.outputFiles) {
    if (!file.path.endsWith('.js')) continue;
    const options = { format: 'cjs', target: 'es2022', minify: production, charset: 'utf8', legalComments: 'none' };
    commonJs.set(path.relative(dir, file.path), (await esbuild.transform(file.text, options)).code);
  }
  const eager = eagerFiles(imports);
  const functions = [...eager].map((name) => `${JSON.stringify(name)}: function (module, exports, require) {\n${commonJs.get(name)}\n}`);
  const main =
    `${table}\n` +
    `module.exports = dbhostWebModules.webModules({\n${functions.join(',\n')}\n}, ${JSON.stringify(imports)}, require).require("extension.js");\n`;
  return { files: [['extension.js', main], ...[...commonJs].filter(([name]) => !eager.has(name))], commonJs: [...commonJs] };
}

/** Builds the web graph in memory: its files as they ship (see webFiles), each file's CommonJS body, its metafile and what the entry carries. */
async function buildWeb(production) {
  const options = { ...webGraphOptions(production), plugins: [webSeams] };
  const graph = await esbuild.build(options);
  const { files, commonJs } = await webGraphFiles(graph, moduleTableText(production), options.outdir, production);
  return { files, commonJs, metafile: graph.metafile, eager: [...eagerFiles(importsOf(graph.metafile))] };
}

module.exports = { webEntries, webGraphOptions, buildWeb };
