/*
 * The browser's module table: dist/web/extension.js begins with this file (esbuild.web.js builds it apart, as an
 * IIFE) and hands it the files of the web graph it holds. The web build is one ES module graph with code splitting,
 * like the desktop's, each of its files turned into a CommonJS function: the entry and the chunks it imports are in
 * dist/web/extension.js, each awaited part and the chunks only parts import are dist/web/<file>.js, fetched when first
 * awaited (lazyPartWeb.ts) and defined here. Every file is evaluated once and required by name, so a module the parts
 * share with the rest exists once in the web worker too.
 */

/** A file of the graph as a CommonJS function (VS Code evaluates an extension's browser main the same way). */
export type ModuleFunction = (module: { exports: unknown }, exports: unknown, require: (id: string) => unknown) => void;

/** The id under which every file of the graph gets this table: lazyPartWeb.ts defines the parts it fetches. */
export const WEB_MODULES_ID = 'dbhost:webModules';

export interface WebModules {
  /** The files `file` needs that are not defined yet: itself and the chunks it imports, transitively. */
  missing(file: string): string[];
  /** Defines a file fetched from dist/web/, from its text; a file already defined stays as it is. */
  define(file: string, text: string, sourceUrl: string): void;
  /** The exports of `file`, evaluated the first time it is required. */
  require(file: string): unknown;
}

/**
 * The table of the graph: `defined` holds the files the entry carries, `imports` each file's static imports of
 * other files (from esbuild's metafile), and `outside` gives what no file holds (`vscode`, from VS Code).
 */
export function webModules(
  defined: Record<string, ModuleFunction>,
  imports: Record<string, readonly string[]>,
  outside: (id: string) => unknown,
): WebModules {
  const functions = new Map(Object.entries(defined));
  const evaluated = new Map<string, { exports: unknown }>();

  const table: WebModules = {
    missing(file) {
      const missing: string[] = [];
      const seen = new Set<string>();
      const pending = [file];
      for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
        if (seen.has(name)) continue;
        seen.add(name);
        if (!functions.has(name)) missing.push(name);
        pending.push(...(imports[name] ?? []));
      }
      return missing;
    },
    define(file, text, sourceUrl) {
      if (functions.has(file)) return;
      // The extension's own file, evaluated as VS Code evaluates its browser main.
      functions.set(file, new Function('module', 'exports', 'require', `${text}\n//# sourceURL=${sourceUrl}`) as ModuleFunction);
    },
    require(file) {
      const done = evaluated.get(file);
      if (done) return done.exports;
      const evaluate = functions.get(file);
      if (!evaluate) throw new Error(`DB Host has not loaded ${file}`);
      const module = { exports: {} as unknown };
      evaluated.set(file, module);
      try {
        evaluate(module, module.exports, requireFrom);
      } catch (error) {
        // Not kept half-made: the part's next load evaluates it again and meets the real error.
        evaluated.delete(file);
        throw error;
      }
      return module.exports;
    },
  };

  function requireFrom(id: string): unknown {
    if (id === WEB_MODULES_ID) return table;
    if (id.startsWith('./')) return table.require(id.slice(2));
    return outside(id);
  }

  return table;
}
