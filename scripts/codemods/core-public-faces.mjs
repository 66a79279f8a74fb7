#!/usr/bin/env node
// Codemod, issue 15 item 5 ("public faces that are real") and item 6 (MS_PER_DAY, ObjectType defined once).
//
// Every import from outside src/core (server, cli, web, contracts, scripts, tests, config files) into a
// module of src/core goes through that module's index.ts; eslint.config.js refuses anything else.
// This script rewrites the imports that still reach past an index into a deep file:
//
//   import type { ElementSet } from '../../core/elements/element-set.ts';
//   import { parseElementSets } from '../../core/elements/parse-element-sets.ts';
// becomes
//   import { parseElementSets, type ElementSet } from '../../core/elements/index.ts';
//
// - The module of a deep file is the nearest folder above it (inside src/core) with an index.ts, so
//   src/core/atmosphere/jb2008/density.ts belongs to src/core/atmosphere/jb2008/index.ts. src/core/units.ts
//   (no module folder) and core's *.test-support.ts files are not deep imports.
// - `import type` stays type-only, inline `type` specifiers stay inline; imports of the same index in a
//   file are merged into one declaration (placed where the first of them was), `import type { … }` when
//   every name is a type, else `import { a, type B }`. The specifier keeps the file's relative style
//   ('../../core/<module>/index.ts'); an index the file already imports keeps its spelling.
// - `export { … } from` and `await import(…)` / `import(…)` types of deep files are pointed at the index too.
// - MS_PER_DAY and ObjectType have one definition each (src/core/time/julian.ts, src/core/catalog/satcat.ts);
//   an import of either from any other module of the repository is moved to src/core/time/index.ts or
//   src/core/catalog/index.ts.
//
// It fails (exit 1, nothing written) naming file, line and symbol when:
// - a deep import names a symbol the module's index does not export, or exports as something else
//   (add it to the index, then run again);
// - a deep import cannot be expressed through the index (namespace, default or side-effect import, export *);
// - MS_PER_DAY or ObjectType is defined anywhere but in its one place.
//
// Usage (from the repository root, any time, as often as needed: a second run changes nothing):
//   node scripts/codemods/core-public-faces.mjs            rewrite the files in place
//   node scripts/codemods/core-public-faces.mjs --check    write nothing; list the deep imports; exit 1 if any
// Then `npm run lint && npm run typecheck`.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../..', import.meta.url));
const coreDir = join(root, 'src', 'core');
const webDir = join(root, 'src', 'web');
const checkOnly = process.argv.includes('--check');
const verbose = process.argv.includes('--verbose');

/** Folders never walked (relative to the root), besides dot-folders and symbolic links. */
const skippedDirs = new Set(['node_modules', 'dist', 'data', 'coverage', 'drizzle', join('src', 'core')]);
const sourceFile = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Symbols with one definition, imported from these faces whatever module a file took them from. */
const movedSymbols = new Map([
  ['MS_PER_DAY', join(coreDir, 'time', 'index.ts')],
  ['ObjectType', join(coreDir, 'catalog', 'index.ts')],
]);
/** Lines longer than this are written one name a line. */
const maxLine = 140;

const rel = (file) => relative(root, file).split(sep).join('/');
const isFile = (path) => existsSync(path) && statSync(path).isFile();

function* walk(dir, skip) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink() || entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) {
      if (!skip(path)) yield* walk(path, skip);
    } else if (sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield path;
    }
  }
}

const outsideFiles = [...walk(root, (path) => skippedDirs.has(relative(root, path)))];
const coreFiles = [...walk(coreDir, () => false)];

/** The index.ts a core file is reached through: the nearest folder above it inside src/core that has one. */
function faceOf(file) {
  for (let dir = dirname(file); dir.startsWith(coreDir + sep); dir = dirname(dir)) {
    if (isFile(join(dir, 'index.ts'))) return join(dir, 'index.ts');
  }
  return undefined;
}

/** A core file that files outside src/core must not import directly. */
function isDeep(file) {
  return (
    file.startsWith(coreDir + sep) &&
    dirname(file) !== coreDir &&
    !file.endsWith(`${sep}index.ts`) &&
    !/\.test-support\.tsx?$/.test(file)
  );
}

/** The file a relative or '@/' (src/web) specifier names, or undefined for packages and unknown files. */
function resolveSpecifier(fromFile, specifier) {
  let base;
  if (specifier.startsWith('./') || specifier.startsWith('../')) base = resolve(dirname(fromFile), specifier);
  else if (specifier.startsWith('@/')) base = join(webDir, specifier.slice(2));
  else if (specifier.startsWith('@core/')) base = join(coreDir, specifier.slice('@core/'.length));
  else if (specifier.startsWith('@contracts/')) base = join(root, 'src', 'contracts', specifier.slice('@contracts/'.length));
  else return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  if (/\.[cm]?js$/.test(base)) candidates.push(base.replace(/js$/, 'ts'), base.replace(/js$/, 'tsx'));
  return candidates.find(isFile);
}

// The symbols each core file exports, from the compiler (re-exports and `export *` followed).
const program = ts.createProgram(
  coreFiles.filter((file) => /\.tsx?$/.test(file) && !/\.test(?:-support)?\.tsx?$/.test(file)),
  {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    resolveJsonModule: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es2023.d.ts'],
  },
);
const checker = program.getTypeChecker();
const exportCache = new Map();

/** name → { symbol (resolved through aliases), typeOnly (exported with `export type`) } of a core file. */
function exportsOf(file) {
  if (exportCache.has(file)) return exportCache.get(file);
  const exports = new Map();
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  for (const symbol of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
    const declaration = symbol.declarations?.[0];
    const typeOnly =
      declaration !== undefined &&
      ts.isExportSpecifier(declaration) &&
      (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly);
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    exports.set(symbol.getName(), { symbol: target, typeOnly });
  }
  exportCache.set(file, exports);
  return exports;
}

const errors = [];
const deepFound = [];
let coreImportCount = 0;

function fail(source, node, message) {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  errors.push(`${rel(source.fileName)}:${line + 1}: ${message}`);
}

/**
 * Where an imported name goes: the face it is imported from after the rewrite, or undefined when the
 * import stays as it is. Records an error (and returns undefined) when the face cannot give it.
 */
function targetFace(source, node, from, name, asValue) {
  let face;
  if (isDeep(from)) face = movedSymbols.get(name) ?? faceOf(from);
  else if (!from.startsWith(coreDir + sep) && movedSymbols.has(name)) face = movedSymbols.get(name);
  else return undefined; // a face, src/core/units.ts, or a name that may stay where it is
  if (face === undefined) {
    fail(source, node, `${name}: ${rel(from)} belongs to no module with an index.ts; give its folder one`);
    return undefined;
  }
  const exported = exportsOf(face).get(name);
  if (exported === undefined) {
    fail(source, node, `${name}: ${rel(face)} does not export it (imported from ${rel(from)}); add it to the index`);
    return undefined;
  }
  if (from.startsWith(coreDir + sep)) {
    const original = exportsOf(from).get(name);
    if (original !== undefined && original.symbol !== exported.symbol) {
      fail(source, node, `${name}: ${rel(face)} exports another ${name} than ${rel(from)}; rename one of them`);
      return undefined;
    }
  }
  if (asValue && exported.typeOnly) {
    fail(source, node, `${name}: ${rel(face)} exports it as a type only, but it is imported as a value`);
    return undefined;
  }
  return face;
}

/** The specifier a file uses for a face: the spelling of an existing import of it, else a relative path. */
function specifierFor(file, face, existing) {
  if (existing !== undefined) return existing;
  // The web app reaches src/core through its '@core/' alias (vite.config.ts, tsconfig.web.json; lint refuses '../core').
  if (file.startsWith(webDir + sep)) return `@core/${relative(coreDir, face).split(sep).join('/')}`;
  const path = relative(dirname(file), face).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** Values first, then types, each in case-insensitive code-unit order (locale-independent, so every run agrees). */
function sortSpecs(specs) {
  const key = (spec) => `${spec.type ? 1 : 0}${spec.local.toLowerCase()}\u0000${spec.imported.toLowerCase()}`;
  return [...specs].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

function renderImport(unsorted, specifier, quote, multiline) {
  const specs = sortSpecs(unsorted);
  const allTypes = specs.every((spec) => spec.type);
  const items = specs.map(
    (spec) => `${spec.type && !allTypes ? 'type ' : ''}${spec.imported === spec.local ? spec.local : `${spec.imported} as ${spec.local}`}`,
  );
  const head = allTypes ? 'import type' : 'import';
  const oneLine = `${head} { ${items.join(', ')} } from ${quote}${specifier}${quote};`;
  if (!multiline && oneLine.length <= maxLine) return oneLine;
  return `${head} {\n${items.map((item) => `  ${item},\n`).join('')}} from ${quote}${specifier}${quote};`;
}

function renderExport(specs, specifier, quote, typeOnly) {
  const items = specs.map((spec) => `${spec.type && !typeOnly ? 'type ' : ''}${spec.imported === spec.local ? spec.local : `${spec.imported} as ${spec.local}`}`);
  return `export ${typeOnly ? 'type ' : ''}{ ${items.join(', ')} } from ${quote}${specifier}${quote};`;
}

/** Start and end of a whole statement with its line, so removing it leaves no blank line. */
function lineSpan(source, node) {
  const text = source.text;
  let start = node.getStart(source);
  let end = node.getEnd();
  while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start -= 1;
  let after = end;
  while (after < text.length && (text[after] === ' ' || text[after] === '\t')) after += 1;
  if ((start === 0 || text[start - 1] === '\n') && (text[after] === '\n' || after === text.length)) {
    end = after < text.length ? after + 1 : after;
  } else {
    start = node.getStart(source);
  }
  return { start, end };
}

const quoteOf = (source, literal) => source.text[literal.getStart(source)];

function rewriteFile(file) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const edits = [];
  /** face → { existing: ImportDeclaration[], incoming: spec[], removed: ImportDeclaration[], partial: ImportDeclaration[] } */
  const faces = new Map();
  const faceEntry = (face) => {
    if (!faces.has(face)) faces.set(face, { existing: [], incoming: [], removed: [], partial: [] });
    return faces.get(face);
  };
  const deepHere = (node, from) => {
    coreImportCount += from.startsWith(coreDir + sep) ? 1 : 0;
    if (isDeep(from)) deepFound.push(`${rel(file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${rel(from)}`);
  };

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const from = resolveSpecifier(file, statement.moduleSpecifier.text);
      if (from === undefined) continue;
      deepHere(statement, from);
      const clause = statement.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : undefined;
      if (!from.startsWith(coreDir + sep) || !isDeep(from)) {
        // A face already, or another module of the repository: only the moved symbols leave it.
        if (from.startsWith(coreDir + sep) && from.endsWith(`${sep}index.ts`) && named && !clause.name) faceEntry(from).existing.push(statement);
        if (named === undefined) continue;
        const leaving = [];
        for (const element of named.elements) {
          const imported = (element.propertyName ?? element.name).text;
          const face = movedSymbols.has(imported) ? targetFace(source, element, from, imported, !clause.isTypeOnly && !element.isTypeOnly) : undefined;
          if (face !== undefined) leaving.push({ element, face });
        }
        if (leaving.length === 0) continue;
        for (const { element, face } of leaving) {
          faceEntry(face).incoming.push({
            imported: (element.propertyName ?? element.name).text,
            local: element.name.text,
            type: clause.isTypeOnly || element.isTypeOnly,
            from: statement,
          });
        }
        const staying = named.elements.filter((element) => !leaving.some((leave) => leave.element === element));
        const removedWhole = staying.length === 0 && !clause.name;
        for (const face of new Set(leaving.map((leave) => leave.face))) {
          if (removedWhole && face === leaving[0].face) faceEntry(face).removed.push(statement);
          else faceEntry(face).partial.push(statement);
        }
        if (!removedWhole) {
          const kept = staying.map((element) => element.getText(source)).join(', ');
          edits.push({ start: named.getStart(source), end: named.getEnd(), text: staying.length > 0 ? `{ ${kept} }` : '{}' });
        }
        continue;
      }
      // A deep import into src/core.
      if (!clause || clause.name || (clause.namedBindings && !named)) {
        fail(source, statement, `${statement.moduleSpecifier.text}: only named imports can be moved to the index; rewrite this one by hand`);
        continue;
      }
      let ok = true;
      const specs = [];
      for (const element of named?.elements ?? []) {
        const imported = (element.propertyName ?? element.name).text;
        const type = clause.isTypeOnly || element.isTypeOnly;
        const face = targetFace(source, element, from, imported, !type);
        if (face === undefined) ok = false;
        else specs.push({ imported, local: element.name.text, type, from: statement, face });
      }
      if (!ok) continue;
      if (specs.length === 0) {
        fail(source, statement, `${statement.moduleSpecifier.text}: an empty import of a deep file; remove it by hand`);
        continue;
      }
      for (const spec of specs) faceEntry(spec.face).incoming.push(spec);
      faceEntry(specs[0].face).removed.push(statement);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      const from = resolveSpecifier(file, statement.moduleSpecifier.text);
      if (from === undefined) continue;
      deepHere(statement, from);
      const clause = statement.exportClause;
      if (!clause || !ts.isNamedExports(clause)) {
        if (isDeep(from)) fail(source, statement, `${statement.moduleSpecifier.text}: export * of a deep file; name what to re-export from the index`);
        continue;
      }
      const byFace = new Map();
      let moves = false;
      for (const element of clause.elements) {
        const imported = (element.propertyName ?? element.name).text;
        const type = statement.isTypeOnly || element.isTypeOnly;
        const face = movedSymbols.has(imported) || isDeep(from) ? targetFace(source, element, from, imported, !type) : undefined;
        if (face !== undefined) moves = true;
        const key = face ?? '';
        if (!byFace.has(key)) byFace.set(key, []);
        byFace.get(key).push({ imported, local: element.name.text, type });
      }
      if (!moves) continue;
      const quote = quoteOf(source, statement.moduleSpecifier);
      const parts = [...byFace].map(([face, specs]) =>
        renderExport(specs, face === '' ? statement.moduleSpecifier.text : specifierFor(file, face), quote, statement.isTypeOnly),
      );
      edits.push({ start: statement.getStart(source), end: statement.getEnd(), text: parts.join('\n') });
    }
  }

  // import('…') expressions and import('…') types anywhere in the file.
  const visit = (node) => {
    let literal;
    let names = [];
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      literal = node.arguments[0];
      let parent = node.parent;
      if (parent && ts.isAwaitExpression(parent)) parent = parent.parent;
      if (parent && ts.isVariableDeclaration(parent) && ts.isObjectBindingPattern(parent.name)) {
        names = parent.name.elements.map((element) => (element.propertyName ?? element.name).getText(source));
      }
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      literal = node.argument.literal;
      if (node.qualifier) names = [ts.isIdentifier(node.qualifier) ? node.qualifier.text : node.qualifier.getText(source).split('.')[0]];
    }
    if (literal) {
      const from = resolveSpecifier(file, literal.text);
      if (from !== undefined) {
        deepHere(node, from);
        if (isDeep(from)) {
          const face = faceOf(from);
          const bad = names.filter((name) => targetFace(source, node, from, name, false) === undefined);
          if (face === undefined && names.length === 0) fail(source, node, `${literal.text}: belongs to no module with an index.ts`);
          else if (bad.length === 0 && face !== undefined) {
            const quote = quoteOf(source, literal);
            edits.push({ start: literal.getStart(source), end: literal.getEnd(), text: `${quote}${specifierFor(file, face)}${quote}` });
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  // One import declaration per face that receives names.
  for (const [face, entry] of faces) {
    if (entry.incoming.length === 0) continue;
    const participants = [...entry.existing, ...entry.removed].sort((a, b) => a.getStart(source) - b.getStart(source));
    const specs = [];
    const add = (spec) => {
      const same = specs.find((other) => other.imported === spec.imported && other.local === spec.local);
      if (same) same.type = same.type && spec.type;
      else specs.push({ imported: spec.imported, local: spec.local, type: spec.type });
    };
    for (const declaration of entry.existing) {
      for (const element of declaration.importClause.namedBindings.elements) {
        add({
          imported: (element.propertyName ?? element.name).text,
          local: element.name.text,
          type: declaration.importClause.isTypeOnly || element.isTypeOnly,
        });
      }
    }
    for (const spec of entry.incoming) add(spec);
    const existingSpecifier = entry.existing[0]?.moduleSpecifier.text;
    const specifier = specifierFor(file, face, existingSpecifier);
    const quoteSource = entry.existing[0] ?? entry.removed[0] ?? entry.partial[0];
    const quote = quoteSource ? quoteOf(source, quoteSource.moduleSpecifier) : "'";
    const anchor = participants[0];
    const multiline = entry.existing.some((declaration) => declaration.getText(source).includes('\n'));
    const rendered = renderImport(specs, specifier, quote, multiline);
    if (anchor !== undefined) {
      edits.push({ start: anchor.getStart(source), end: anchor.getEnd(), text: rendered });
      for (const other of participants.slice(1)) edits.push({ ...lineSpan(source, other), text: '' });
    } else {
      // Names leave imports that keep others: the new import goes on the line after the last of them.
      const last = entry.partial.reduce((a, b) => (a.getEnd() > b.getEnd() ? a : b));
      edits.push({ start: last.getEnd(), end: last.getEnd(), text: `\n${rendered}` });
    }
  }

  if (edits.length === 0) return undefined;
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  let result = text;
  let previousStart = Infinity;
  for (const edit of edits) {
    if (edit.end > previousStart) throw new Error(`${rel(file)}: overlapping edits at ${edit.start}`);
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
    previousStart = edit.start;
  }
  return result === text ? undefined : result;
}

/** MS_PER_DAY and ObjectType: no definition but the one their face exports. */
function checkDefinitions(file) {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
  const visit = (node) => {
    const name =
      (ts.isVariableDeclaration(node) ||
        ts.isTypeAliasDeclaration(node) ||
        ts.isInterfaceDeclaration(node) ||
        ts.isEnumDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isFunctionDeclaration(node)) &&
      node.name &&
      ts.isIdentifier(node.name)
        ? node.name.text
        : undefined;
    const face = name && movedSymbols.get(name);
    if (face) {
      const canonical = exportsOf(face).get(name)?.symbol.declarations?.[0]?.getSourceFile().fileName;
      if (canonical !== file) {
        const from = file.startsWith(coreDir + sep) && canonical ? canonical : face;
        fail(source, node, `${name} is defined again here; its one definition is ${canonical ? rel(canonical) : '(missing)'}: import it from ${rel(from)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

for (const [name, face] of movedSymbols) {
  if (!exportsOf(face).has(name)) errors.push(`${rel(face)}: does not export ${name}, which every other module imports from it`);
}
for (const file of [...outsideFiles, ...coreFiles]) checkDefinitions(file);
const rewritten = new Map();
for (const file of outsideFiles) {
  const result = rewriteFile(file);
  if (result !== undefined) rewritten.set(file, result);
}

const deepFiles = new Set(deepFound.map((line) => line.split(':')[0]));
console.log(`${deepFound.length} deep import(s) of src/core in ${deepFiles.size} file(s) outside it (of ${coreImportCount} imports of src/core).`);
if (verbose || checkOnly) for (const line of deepFound) console.log(`  ${line}`);
if (errors.length > 0) {
  console.error(`\n${errors.length} problem(s); nothing written:`);
  for (const error of errors) console.error(`  ${error}`);
  process.exit(1);
}
if (checkOnly) {
  for (const file of rewritten.keys()) console.log(`would rewrite ${rel(file)}`);
  process.exit(rewritten.size > 0 ? 1 : 0);
}
for (const [file, text] of rewritten) writeFileSync(file, text);
console.log(`Rewrote ${rewritten.size} file(s).`);
