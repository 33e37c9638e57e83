import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LiabilityLeafProof, type LiabilityNode, type LiabilityProof, liabilityLeafText, liabilityNodeText, verifyLiabilityProof } from '@bahati/contracts';
import { type PlayerBalance, buildLiabilityTree } from './merkle-sum';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const players: PlayerBalance[] = [120_000, 0, 5_000, 2_100_000, 777, 31_000, 9].map((balance, n) => ({
  playerId: `player-${n}`,
  balance,
  salts: [sha256Hex(`salt-${n}-a`), sha256Hex(`salt-${n}-z`)],
}));
const total = players.reduce((s, p) => s + p.balance, 0);
const tree = buildLiabilityTree(players, sha256Hex);
const proofOf = (n: number) => tree.proof(`player-${n}`)!;
const verify = (proof: LiabilityProof, root: LiabilityNode = tree.root) => verifyLiabilityProof(proof, root, sha256Hex);
/** The proof with one leaf's proof changed. */
const withLeaf = (proof: LiabilityProof, i: number, change: (l: LiabilityLeafProof) => LiabilityLeafProof): LiabilityProof => ({
  ...proof,
  leaves: proof.leaves.map((l, j) => (j === i ? change(l) : l)),
});

describe('the liabilities tree', () => {
  it('sums every balance in its root, and every player’s proof puts their whole balance in it', async () => {
    expect(tree.root.sum).toBe(total);
    expect(tree.players).toBe(7);
    for (let n = 0; n < players.length; n++) {
      const proof = proofOf(n);
      expect(proof).toMatchObject({ playerId: `player-${n}`, balance: players[n]!.balance });
      expect(proof.leaves).toHaveLength(2);
      expect(await verify(proof)).toBe(true);
    }
    expect(tree.proof('nobody')).toBeUndefined();
  });

  it('refuses a proof whose balance, a share, a sibling hash, a sibling sum or a side was changed', async () => {
    const proof = proofOf(3);
    expect(await verify({ ...proof, balance: proof.balance - 1 })).toBe(false);
    expect(await verify(withLeaf(proof, 0, (l) => ({ ...l, leaf: { ...l.leaf, balance: l.leaf.balance + 1 } })))).toBe(false);
    const step = (i: number, change: object) => withLeaf(proof, 0, (l) => ({ ...l, path: l.path.map((s, j) => (j === i ? { ...s, ...change } : s)) }));
    expect(await verify(step(1, { hash: sha256Hex('another') }))).toBe(false);
    expect(await verify(step(2, { sum: proof.leaves[0]!.path[2]!.sum + 1 }))).toBe(false);
    expect(await verify(step(0, { side: proof.leaves[0]!.path[0]!.side === 'left' ? 'right' : 'left' }))).toBe(false);
    expect(await verify(step(1, { sum: -5 }))).toBe(false);
    // One share only, or a share said to be another player's, is not the balance.
    expect(await verify({ ...proof, leaves: proof.leaves.slice(0, 1), balance: proof.leaves[0]!.leaf.balance })).toBe(true);
    expect(await verify({ ...proof, leaves: proof.leaves.slice(0, 1) })).toBe(proof.leaves[1]!.leaf.balance === 0);
    expect(await verify(withLeaf(proof, 1, (l) => ({ ...l, leaf: { ...l.leaf, playerId: 'player-4' } })))).toBe(false);
    // Nor another root: a total claimed lower than the balances.
    expect(await verify(proof, { hash: tree.root.hash, sum: tree.root.sum - 1 })).toBe(false);
  });

  it('refuses the known attack of a node claiming the larger child’s sum instead of both', async () => {
    // The operator builds its root with max(left, right) at every node, hiding most of what it owes.
    const proof = proofOf(3);
    const { leaf, path } = proof.leaves[0]!;
    let node: LiabilityNode = { hash: sha256Hex(liabilityLeafText(leaf)), sum: leaf.balance };
    for (const step of path) {
      const [left, right] = step.side === 'left' ? [step, node] : [node, step];
      node = { hash: sha256Hex(liabilityNodeText(left, right)), sum: Math.max(left.sum, right.sum) };
    }
    expect(node.sum).toBeLessThan(total);
    expect(await verify(proof, node)).toBe(false);
  });

  it('shows in a proof no other player’s id, and no other player’s balance at its first level', () => {
    const ownerOf = new Map(players.flatMap((p) => tree.proof(p.playerId)!.leaves.map((l) => [sha256Hex(liabilityLeafText(l.leaf)), p.playerId] as const)));
    for (let n = 0; n < players.length; n++) {
      const proof = proofOf(n);
      const text = JSON.stringify(proof);
      for (const p of players) if (p.playerId !== proof.playerId) expect(text).not.toContain(`"${p.playerId}"`);
      // Its two leaves are paired with shares of two different players, neither of them its own.
      const partners = proof.leaves.map((l) => ownerOf.get(l.path[0]!.hash));
      expect(new Set(partners).size).toBe(2);
      expect(partners).not.toContain(proof.playerId);
    }
    // Each share is a whole part of the balance; the tree holds the shares, not the balances.
    const leafSums = players.flatMap((p) => tree.proof(p.playerId)!.leaves.map((l) => l.leaf.balance));
    expect(leafSums.reduce((s, b) => s + b, 0)).toBe(total);
  });

  it('is checked by the stock Python script of the docs, which refuses a changed proof', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bahati-proof-'));
    const script = join(__dirname, '../../../../docs/verify-liabilities.py');
    writeFileSync(join(dir, 'good.json'), JSON.stringify(proofOf(3)));
    expect(execFileSync('python3', [script, join(dir, 'good.json')], { encoding: 'utf8' })).toContain(`OK: your 2100000 sats are in the total of ${total} sats`);
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...proofOf(3), balance: 2_000_000 }));
    expect(() => execFileSync('python3', [script, join(dir, 'bad.json')], { stdio: 'pipe' })).toThrow(/NOT your balance/);
    writeFileSync(join(dir, 'moved.json'), JSON.stringify(withLeaf(proofOf(3), 0, (l) => ({ ...l, leaf: { ...l.leaf, balance: l.leaf.balance + 1 } }))));
    expect(() => execFileSync('python3', [script, join(dir, 'moved.json')], { stdio: 'pipe' })).toThrow(/NOT in this root/);
  });
});
