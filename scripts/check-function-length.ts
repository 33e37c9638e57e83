/**
 * npm run check:functions — no function in client/src is longer than MAX_LINES.
 *
 * Walks `client/src/**\/*.{ts,tsx}` (test files excluded) with the TypeScript compiler API and measures
 * every function-like node: function declarations and expressions, arrow functions (also those assigned
 * to a const, such as components and hooks) and methods, from the line of their first token to the line
 * of their closing brace. The i18n locale catalogs are plain object literals: they hold no functions and
 * so pass without an exception. Prints each offender with its length and exits 1 when there is any.
 *   npm run check:functions [-- --max 150] [-- --all]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..');
const SOURCE = join(ROOT, 'client', 'src');
const maxArg = process.argv.indexOf('--max');
const MAX_LINES = maxArg >= 0 ? Number(process.argv[maxArg + 1]) : 150;
/** With --all, lists every function over half the limit too (the ones to watch), longest first. */
const LIST_ALL = process.argv.includes('--all');

interface Measured {
  file: string;
  line: number;
  name: string;
  lines: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    if (!/\.tsx?$/.test(entry.name) || /\.d\.ts$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [path];
  });
}

/** What a reader calls the function: its own name, the const or property it is assigned to, or its position. */
function nameOf(node: ts.SignatureDeclaration, sf: ts.SourceFile): string {
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(sf);
  if (ts.isCallExpression(parent)) {
    // A component wrapped in memo()/forwardRef() or a callback: name it after the call and what receives it.
    const holder = parent.parent;
    const callee = parent.expression.getText(sf);
    if (ts.isVariableDeclaration(holder)) return `${holder.name.getText(sf)} (${callee})`;
    return `(callback of ${callee})`;
  }
  return '(anonymous)';
}

function measure(file: string): Measured[] {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Measured[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file: relative(ROOT, file), line: start + 1, name: nameOf(node, sf), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const all = sourceFiles(SOURCE).flatMap(measure).sort((a, b) => b.lines - a.lines);
const offenders = all.filter((f) => f.lines > MAX_LINES);
const shown = LIST_ALL ? all.filter((f) => f.lines > MAX_LINES / 2) : offenders;
for (const f of shown) console.log(`${f.lines > MAX_LINES ? 'TOO LONG' : 'ok      '} ${String(f.lines).padStart(4)} lines  ${f.file}:${f.line}  ${f.name}`);
if (offenders.length > 0) {
  console.error(`\n${offenders.length} function(s) in client/src over ${MAX_LINES} lines: split them into sub-components, hooks or helpers.`);
  process.exit(1);
}
console.log(`check:functions: no function in client/src over ${MAX_LINES} lines (${all.length} measured).`);
