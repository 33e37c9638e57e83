import * as path from 'node:path';
import * as ts from 'typescript';

/*
 * The account's events and commands are complete by construction: a new member of a union fails the type check in
 * every place that must decide what it means, and nowhere is it silently ignored. Each case below compiles the
 * domain with one source edited (a fixture) and names the files where the compiler must refuse it.
 */

const root = path.resolve(__dirname, '../../../..');
const domain = path.join(root, 'server/src/domain');
const entryPoints = ['account/account.ts', 'coach/coach.ts', 'suspect/detect.ts', 'audit/hand-audit.ts'].map((f) => path.join(domain, f));

function compilerOptions(): ts.CompilerOptions {
  const configPath = path.join(root, 'tsconfig.test.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!parsed) throw new Error('tsconfig.test.json does not parse');
  return { ...parsed.options, noEmit: true, incremental: false, tsBuildInfoFile: undefined, skipLibCheck: true };
}

jest.setTimeout(180_000);
const options = compilerOptions();
let previous: ts.Program | undefined;

/** The domain files (relative to server/src/domain) the compiler refuses once `file` reads as `edit` makes it. */
function refusedWith(file: string, edit: (source: string) => string): string[] {
  const edited = path.join(domain, file);
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError, create) => {
    if (path.resolve(name) !== edited) return read(name, language, onError, create);
    const source = ts.sys.readFile(name)!;
    const changed = edit(source);
    if (changed === source) throw new Error(`the fixture does not change ${file}`);
    return ts.createSourceFile(name, changed, language);
  };
  const program = ts.createProgram({ rootNames: entryPoints, options, host, oldProgram: previous });
  previous = program;
  const files = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.category === ts.DiagnosticCategory.Error)
    .map((d) => (d.file ? path.relative(domain, d.file.fileName) : '(options)'));
  return [...new Set(files)].sort();
}

const addToUnion = (anchor: string, member: string) => (source: string) => source.replace(anchor, `${anchor}\n  | ${member}`);

describe('a new event or command', () => {
  it('compiles as the domain stands (the baseline of the cases below)', () => {
    expect(refusedWith('hand/hand.ts', (s) => `${s}\n`)).toEqual([]);
  });

  it('of the hand is refused until the hand names it, folds it and the ledger says whether it moves money', () => {
    const surrendered = "DomainEvent<'PlayerSurrendered', { readonly handId: string; readonly refund: number }>";
    expect(refusedWith('hand/hand.ts', addToUnion('export type HandEvent =', surrendered))).toEqual(['account/ledger.ts', 'hand/hand.ts']);
  });

  it('of the shoe is refused until the shoe names it, the game folds it and the ledger decides its lines', () => {
    const reshuffled = "DomainEvent<'ShoeReshuffled', { shoeId: string }>";
    expect(refusedWith('account/game.ts', (s) => s.replace('export type ShoeEvent = ', `export type ShoeEvent = ${reshuffled} | `))).toEqual([
      'account/game.ts',
      'account/ledger.ts',
    ]);
  });

  it('of money is refused until money names it, folds it and the ledger decides its lines', () => {
    const refunded = "DomainEvent<'DepositRefunded', { txid: string; amount: number }>";
    expect(refusedWith('account/money.ts', addToUnion('export type MoneyEvent =', refunded))).toEqual(['account/ledger.ts', 'account/money.ts']);
  });

  it('command of the account is refused until the account routes it to the part that decides it', () => {
    const tip = "{ type: 'TipDealer'; amount: number; now: string }";
    expect(refusedWith('account/limits.ts', (s) => s.replace('export type LimitCommand = ', `export type LimitCommand = ${tip} | `))).toEqual([
      'account/account.ts',
      'account/limits.ts',
    ]);
  });
});
