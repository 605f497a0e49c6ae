// Summary of V8 CPU profiles (.cpuprofile, as bench/inbox-open.ts writes with OPEN_PROFILE_DIR):
// time per function, self and inclusive, per profile on average, and the call stacks under which
// the functions named in PROFILE_STACKS ran (to find who calls e.g. setItem or getBoundingClientRect).
//   npx tsx bench/profile-summary.ts <dir> [top=40]
//   PROFILE_STACKS=setItem,getBoundingClientRect npx tsx bench/profile-summary.ts <dir>
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: profile-summary.ts <dir> [top]');
const top = Number(process.argv[3] ?? 40);
const stackNames = (process.env.PROFILE_STACKS ?? '').split(',').filter(Boolean);
const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));

const label = (n: ProfileNode) => {
  const f = n.callFrame;
  const file = f.url ? path.basename(f.url.split('?')[0]!) : '';
  return `${f.functionName || '(anonymous)'} ${file}${file ? `:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`;
};

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const stacks = new Map<string, number>();
let total = 0;
let idle = 0;
for (const file of files) {
  const p = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  for (const [i, id] of p.samples.entries()) {
    // The delta before a sample is the time it stands for (µs).
    const ms = (p.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id)!;
    total += ms;
    if (node.callFrame.functionName === '(idle)') {
      idle += ms;
      continue;
    }
    self.set(label(node), (self.get(label(node)) ?? 0) + ms);
    const seen = new Set<string>();
    const chain: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) chain.push(byId.get(at)!);
    for (const n of chain) {
      const l = label(n);
      if (seen.has(l)) continue;
      seen.add(l);
      inclusive.set(l, (inclusive.get(l) ?? 0) + ms);
    }
    const hit = chain.findIndex((n) => stackNames.includes(n.callFrame.functionName));
    if (hit >= 0) {
      const key = chain
        .slice(hit, hit + 12)
        .map(label)
        .join('\n    < ');
      stacks.set(key, (stacks.get(key) ?? 0) + ms);
    }
  }
}

const per = (ms: number) => (ms / files.length).toFixed(1).padStart(7);
const print = (title: string, m: Map<string, number>, n: number) => {
  process.stdout.write(`\n${title} (ms per profile)\n`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n))
    process.stdout.write(`${per(v)}  ${k}\n`);
};
process.stdout.write(
  `${files.length} profiles: ${per(total)} ms each, idle ${per(idle)} ms, busy ${per(total - idle)} ms\n`,
);
print('self', self, top);
print('inclusive', inclusive, top);
if (stackNames.length) print(`stacks of ${stackNames.join(', ')}`, stacks, 10);
