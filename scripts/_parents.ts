import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const target = process.argv[3];
const depth = Number(process.argv[4] ?? 6);
const byId = new Map<number, any>(p.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<number, number>();
for (let i = 0; i < p.samples.length; i++) self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + (p.timeDeltas[i + 1] ?? 0));
const chains = new Map<string, number>();
for (const n of p.nodes) {
  if (n.callFrame.functionName !== target) continue;
  const us = self.get(n.id) ?? 0; if (!us) continue;
  const chain: string[] = []; let id = parent.get(n.id);
  while (id !== undefined && chain.length < depth) { const f = byId.get(id).callFrame; chain.push(`${f.functionName || '(anon)'}@${f.url.split('/').slice(-2).join('/')}:${f.lineNumber+1}`); id = parent.get(id); }
  const k = chain.join(' < '); chains.set(k, (chains.get(k) ?? 0) + us);
}
for (const [k, us] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log((us / 1000).toFixed(0).padStart(6), 'ms', k);
