import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expandRegex, whenTerms } from './whenClauses';

/** The parts of package.json `contributes` these checks read. */
export interface Contributes {
  commands?: { command: string }[];
  menus?: Record<string, { command?: string; alt?: string; when?: string }[]>;
  keybindings?: { command: string; when?: string }[];
  viewsWelcome?: { contents: string; when?: string }[];
  [other: string]: unknown;
}

/** Every `when` and `enablement` clause anywhere in `contributes`: menus, keybindings, commands, views, welcomes. */
export function whenClausesOf(contributes: unknown): string[] {
  const clauses: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if ((key === 'when' || key === 'enablement') && typeof inner === 'string') clauses.push(inner);
        else if (key === 'completionEvents' && Array.isArray(inner)) {
          // A walkthrough step completes on `onContext:<expression>`: a when clause too.
          for (const event of inner)
            if (typeof event === 'string' && event.startsWith('onContext:')) clauses.push(event.slice('onContext:'.length));
        } else walk(inner);
      }
    }
  };
  walk(contributes);
  return clauses;
}

/** The commands package.json runs from menus, keybindings and the welcome's `command:` links. */
export function referencedCommands(contributes: Contributes): string[] {
  const fromMenus = Object.values(contributes.menus ?? {}).flatMap((entries) => entries.flatMap((entry) => [entry.command, entry.alt]));
  const fromKeys = (contributes.keybindings ?? []).map((binding) => binding.command);
  const fromLinks = (contributes.viewsWelcome ?? []).flatMap((welcome) =>
    [...welcome.contents.matchAll(/\(command:([\w.-]+)/g)].map((match) => match[1]),
  );
  return [...new Set([...fromMenus, ...fromKeys, ...fromLinks])].filter((id): id is string => id !== undefined);
}

export function commandProblems(contributes: Contributes, commandIds: Record<string, string>): string[] {
  const problems: string[] = [];
  const constants = new Set(Object.values(commandIds));
  const contributed = new Set((contributes.commands ?? []).map((entry) => entry.command));
  for (const [name, id] of Object.entries(commandIds)) {
    if (id !== `dbhost.${name}`) problems.push(`CommandId.${name} is "${id}", not "dbhost.${name}"`);
    if (!contributed.has(id)) problems.push(`CommandId.${name} ("${id}") is not contributed in package.json`);
  }
  for (const id of contributed) if (!constants.has(id)) problems.push(`package.json contributes "${id}", which is not in CommandId`);
  for (const id of referencedCommands(contributes))
    if (!constants.has(id)) problems.push(`package.json runs "${id}" from a menu, key or link, which is not in CommandId`);
  return problems;
}

/** What `viewItem` terms of the clauses name: exact values and the expansions of their regular expressions. */
export function viewItemsOf(clauses: string[]): { clause: string; matched: string[] }[] {
  return clauses.flatMap((clause) =>
    whenTerms(clause)
      .filter((term) => term.key === 'viewItem')
      .map((term) => {
        if (term.regex) {
          const matched = expandRegex(term.regex.source);
          const compiled = new RegExp(term.regex.source, term.regex.flags);
          for (const value of matched)
            if (!compiled.test(value)) throw new Error(`expanding /${term.regex.source}/ gave "${value}", which it does not match`);
          return { clause, matched };
        }
        if (term.value === undefined) throw new Error(`"${clause}" tests viewItem without a value`);
        return { clause, matched: [term.value] };
      }),
  );
}

export function contextValueProblems(contributes: unknown, contextValues: string[], usedInCode: Set<string>): string[] {
  const problems: string[] = [];
  const constants = new Set(contextValues);
  const inMenus = new Set<string>();
  for (const { clause, matched } of viewItemsOf(whenClausesOf(contributes))) {
    for (const value of matched) {
      inMenus.add(value);
      if (!constants.has(value)) problems.push(`"${clause}" names the item "${value}", which is not in ContextValue`);
    }
  }
  for (const value of contextValues)
    if (!inMenus.has(value) && !usedInCode.has(value)) problems.push(`ContextValue "${value}" is neither in a when clause nor used in src`);
  return problems;
}

/** Keys of the form `dbhost.…` that clauses read (values such as `view == dbhost.explorer` are not keys). */
export function contextKeysRead(contributes: unknown): Set<string> {
  return new Set(
    whenClausesOf(contributes).flatMap((clause) =>
      whenTerms(clause)
        .map((term) => term.key)
        .filter((key) => key.startsWith('dbhost.')),
    ),
  );
}

export function contextKeyProblems(contributes: unknown, contextKeys: string[], setInCode: Set<string>): string[] {
  const problems: string[] = [];
  const read = contextKeysRead(contributes);
  for (const key of read)
    if (!contextKeys.includes(key)) problems.push(`package.json reads the context key "${key}", which is not in ContextKey`);
  for (const key of contextKeys) {
    if (!read.has(key)) problems.push(`ContextKey "${key}" is read by no when clause`);
    if (!setInCode.has(key)) problems.push(`ContextKey "${key}" is never set with setContext in src`);
  }
  return problems;
}

export function sourceFiles(folder: string): { path: string; text: string }[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ path: join(folder, file), text: readFileSync(join(folder, file), 'utf8') }));
}

/** The members of an enum (e.g. `ContextValue`) that the sources name as `ContextValue.member`. */
export function membersUsed(files: { text: string }[], enumName: string): Set<string> {
  const pattern = new RegExp(`\\b${enumName}\\.(\\w+)`, 'g');
  return new Set(files.flatMap((file) => [...file.text.matchAll(pattern)].map((match) => match[1])));
}
