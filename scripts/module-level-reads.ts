import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';

/**
 * Finds language reads that run when a module loads (decision 235): a catalogue text read, or a
 * text, number, money or date formatted for a language, outside any function. Such a value is
 * computed once, in whatever language is current at import — English in a browser before the page
 * language is set, the first request's language on the server — and every later page keeps it.
 */

/** Functions of our own that read the current language when called. */
const LANGUAGE_FOLDERS = ['src/shared/messages', 'src/shared/format', 'src/shared/i18n'];

/** Functions of those folders that read no language: set-up, registries, plain date arithmetic. */
const LANGUAGE_FREE = new Set([
  'localized',
  'registerTranslations',
  'registerIcuFormatter',
  'setLocaleResolver',
  'setPageLocale',
  'setCurrencyResolver',
  'setPageCurrency',
  'loadLocale',
  'registerZoneOffsets',
  'assertTimeZone',
  'isLocale',
  'parseLocale',
  'acceptedLocales',
  'chooseLocale',
  'isoDateOfDay',
  'isoStringOf',
  'calendarDayNumberIn',
  'calendarDaysBetween',
  'calendarDateAfter',
  'escapeHtml',
  'csvLine',
]);

/** Array methods whose callback runs at once: a callback given to them at load time runs then. */
const EAGER_CALLBACK_METHODS = new Set([
  'map',
  'flatMap',
  'filter',
  'reduce',
  'forEach',
  'find',
  'findIndex',
  'some',
  'every',
  'sort',
  'fromEntries',
]);

/** The contracts' zod messages are read at load on purpose: the error handler translates them (207). */
const TRANSLATED_LATER = ['src/shared/contract/'];

export interface LanguageReadAtLoad {
  file: string;
  line: number;
  what: string;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  !!value && typeof value === 'object' && typeof (value as Node).type === 'string';

function children(node: Node): Node[] {
  const found: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'typeAnnotation' || key === 'returnType' || key === 'typeParameters') continue;
    if (Array.isArray(value)) found.push(...value.filter(isNode));
    else if (isNode(value)) found.push(value);
  }
  return found;
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** The messages objects the catalogue answers through (`export const x = localized(...)`). */
export function localizedExports(messagesFolder = 'src/shared/messages'): Set<string> {
  const names = new Set<string>();
  for (const name of readdirSync(messagesFolder)) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    const source = readFileSync(path.join(messagesFolder, name), 'utf8');
    for (const match of source.matchAll(
      /export const (\w+)\s*=\s*(?:\/\*\s*@__PURE__\s*\*\/\s*)?localized\(/g,
    )) {
      names.add(match[1]!);
    }
  }
  return names;
}

/** Which of a module's imported names are catalogue objects, and which are language functions. */
function languageBindings(program: Node, file: string, catalogueNames: Set<string>) {
  const catalogues = new Set<string>();
  const functions = new Set<string>();
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
    const specifier = (statement.source as { value: string }).value;
    if (!specifier.startsWith('.')) continue;
    const target = path
      .relative('.', path.resolve(path.dirname(file), specifier))
      .split(path.sep)
      .join('/');
    if (!LANGUAGE_FOLDERS.some((folder) => target === folder || target.startsWith(`${folder}/`))) continue;
    for (const imported of statement.specifiers as Node[]) {
      if (imported.type !== 'ImportSpecifier' || imported.importKind === 'type') continue;
      const name = (imported.imported as { name: string }).name;
      const local = (imported.local as { name: string }).name;
      if (catalogueNames.has(name)) catalogues.add(local);
      else if (!LANGUAGE_FREE.has(name) && /^[a-z]/.test(name)) functions.add(local);
    }
  }
  return { catalogues, functions };
}

const calleeName = (call: Node): string | undefined => {
  const callee = call.callee as Node;
  if (callee.type === 'Identifier') return callee.name as string;
  return undefined;
};

const methodName = (call: Node): string | undefined => {
  const callee = call.callee as Node;
  if (callee.type !== 'MemberExpression' || callee.computed) return undefined;
  return (callee.property as { name?: string }).name;
};

/**
 * The language reads in one module's source that run when it loads. A read inside a function runs
 * when the function is called, except a function called at once: an IIFE, a callback of an array
 * method called at load (`KEYS.map((key) => m[key])`), or a function of the module called at load.
 */
export function findLanguageReadsAtLoad(
  file: string,
  source: string,
  catalogueNames: Set<string>,
): LanguageReadAtLoad[] {
  const { program, errors } = parseSync(file, source, {
    lang: file.endsWith('x') ? 'tsx' : 'ts',
    preserveParens: false,
  });
  if (errors.length > 0) throw new Error(`${file} does not parse: ${errors[0]?.message}`);
  const root = program as unknown as Node;
  const { catalogues, functions } = languageBindings(root, file, catalogueNames);
  if (catalogues.size === 0 && functions.size === 0) return [];
  const isTranslatedLater = TRANSLATED_LATER.some((folder) =>
    file.split(path.sep).join('/').includes(folder),
  );

  function directRead(node: Node, allowPlainReads: boolean): string | undefined {
    const isCatalogue = (value: unknown) =>
      isNode(value) && value.type === 'Identifier' && catalogues.has(value.name as string);
    if (node.type === 'MemberExpression' && isCatalogue(node.object) && !allowPlainReads) {
      return source.slice(node.start, node.end);
    }
    if (node.type === 'SpreadElement' && isCatalogue(node.argument))
      return source.slice(node.start, node.end);
    if (
      node.type === 'VariableDeclarator' &&
      isCatalogue(node.init) &&
      (node.id as Node).type === 'ObjectPattern'
    ) {
      return source.slice(node.start, node.end);
    }
    if (node.type === 'CallExpression') {
      const name = calleeName(node);
      if (name && functions.has(name)) return `${name}(…)`;
      const callee = node.callee as Node;
      const isObjectRead =
        callee.type === 'MemberExpression' &&
        (callee.object as { name?: string }).name === 'Object' &&
        (node.arguments as Node[]).some(isCatalogue);
      if (isObjectRead) return source.slice(node.start, node.end);
    }
    return undefined;
  }

  // The module's own functions, by name, to follow a call made at load into its body.
  const locals = new Map<string, Node>();
  for (const statement of root.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
    if (!isNode(declaration)) continue;
    if (declaration.type === 'FunctionDeclaration' && declaration.id) {
      locals.set((declaration.id as { name: string }).name, declaration);
    }
    if (declaration.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations as Node[]) {
        const init = declarator.init as Node | null;
        if (init && FUNCTION_TYPES.has(init.type) && (declarator.id as Node).type === 'Identifier') {
          locals.set((declarator.id as { name: string }).name, init);
        }
      }
    }
  }

  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;

  /** The reads under `node` that run now; a module function called now is followed into its body. */
  const eagerReads = (node: Node, parent: Node | undefined, found: string[], following: Set<string>) => {
    if (FUNCTION_TYPES.has(node.type)) {
      const isCalledNow =
        parent?.type === 'CallExpression' &&
        (parent.callee === node ||
          ((parent.arguments as Node[]).includes(node) &&
            EAGER_CALLBACK_METHODS.has(methodName(parent) ?? '')));
      if (!isCalledNow) return; // runs when called, in the language of that moment
    }
    // A getter or method of an object or class runs when read or called; a field, per instance.
    const isDeferredMember =
      (node.type === 'Property' && (node.kind === 'get' || node.kind === 'set' || node.method === true)) ||
      node.type === 'MethodDefinition' ||
      (node.type === 'PropertyDefinition' && !node.static);
    if (isDeferredMember) return;
    const what = directRead(node, isTranslatedLater);
    if (what) found.push(`${lineOf(node.start)}: ${what}`);
    const name = node.type === 'CallExpression' ? calleeName(node) : undefined;
    const local = name ? locals.get(name) : undefined;
    if (name && local && !following.has(name)) {
      const inner: string[] = [];
      for (const child of children(local)) eagerReads(child, local, inner, new Set([...following, name]));
      if (inner.length > 0)
        found.push(`${lineOf(node.start)}: ${name}() reads ${inner[0]!.replace(/^\d+: /, '')}`);
    }
    for (const child of children(node)) eagerReads(child, node, found, following);
  };

  const found: string[] = [];
  for (const statement of root.body as Node[]) eagerReads(statement, root, found, new Set());
  return found.map((entry) => {
    const [line, ...what] = entry.split(': ');
    return { file, line: Number(line), what: what.join(': ') };
  });
}

/** Application source files (not tests) under a folder. */
export function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}
