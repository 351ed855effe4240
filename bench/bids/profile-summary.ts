/**
 * Summarises V8 CPU profiles (node --cpu-prof): self time by function and by package or source
 * area, so a bench run shows where the app spends its CPU. Usage: tsx bench/bids/profile-summary.ts <dir|file>
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const arg = process.argv[2];
if (!arg) throw new Error('usage: profile-summary.ts <dir|file.cpuprofile>');
const files = statSync(arg).isDirectory()
  ? readdirSync(arg)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(arg, f))
  : [arg];

const byFunction = new Map<string, number>();
const byArea = new Map<string, number>();
let total = 0;
const area = (url: string, name: string) => {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return url;
  const m = /(apps\/server\/src\/[^/]+(?:\/[^/]+)?|packages\/shared\/src)/.exec(url);
  return m ? m[1]! : url;
};
for (const file of files) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  p.samples.forEach((id, i) => {
    const dt = (p.timeDeltas[i] ?? 0) / 1000;
    const n = nodes.get(id)!;
    const { functionName, url, lineNumber } = n.callFrame;
    const key = `${functionName || '(anonymous)'} ${url ? `${url.replace(/.*node_modules\//, '').replace(/.*\/apps\//, 'apps/')}:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + dt);
    const a = area(url, functionName);
    byArea.set(a, (byArea.get(a) ?? 0) + dt);
    total += dt;
  });
}
const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${v.toFixed(0).padStart(7)} ms ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`)
    .join('\n');
console.log(
  `${files.length} profile(s), ${total.toFixed(0)} ms sampled\n\nself time by area:\n${top(byArea, 25)}\n\nself time by function:\n${top(byFunction, 30)}`,
);
