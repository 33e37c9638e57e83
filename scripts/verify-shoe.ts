/**
 * Re-derives a shoe from its two seeds, as anyone can with stock Python (docs: provably-fair.md).
 *   npm run -s verify-shoe -- --player-seed <base64> --house-seed <base64>
 * Prints {"houseSeedHash": "...", "cards": [208 card ids in dealing order]}; exits 2 on bad input.
 */
import { createHash } from 'node:crypto';
import { houseSeedHash, isValidSeed, shuffleShoe } from '@bahati/contracts';

function usage(message: string): never {
  process.stderr.write(`verify-shoe: ${message}\nusage: npm run -s verify-shoe -- --player-seed <base64> --house-seed <base64>\n`);
  process.exit(2);
}

function parseArgs(argv: readonly string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) usage(`unexpected argument ${JSON.stringify(arg)}`);
    const eq = arg.indexOf('=');
    if (eq > 0) args.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (i + 1 < argv.length) args.set(arg.slice(2), argv[++i]);
    else usage(`${arg} needs a value`);
  }
  for (const key of args.keys()) if (key !== 'player-seed' && key !== 'house-seed') usage(`unknown option --${key}`);
  return args;
}

const args = parseArgs(process.argv.slice(2));
const playerSeed = args.get('player-seed');
const houseSeed = args.get('house-seed');
if (playerSeed === undefined) usage('--player-seed is required');
if (houseSeed === undefined) usage('--house-seed is required');
for (const [name, seed] of [['player', playerSeed], ['house', houseSeed]] as const) {
  if (!isValidSeed(seed)) {
    usage(`the ${name} seed ${JSON.stringify(seed)} is not a seed: it must be 32 bytes in standard base64, 43 characters of A-Z a-z 0-9 + / followed by one '='`);
  }
}
const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());
process.stdout.write(`${JSON.stringify({ houseSeedHash: houseSeedHash(houseSeed, sha256), cards: shuffleShoe(playerSeed, houseSeed) })}\n`);
