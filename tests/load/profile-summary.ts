// Summarises a V8 CPU profile (`node --cpu-prof`, as `npm run bench -- --cpu-prof` writes for each
// server): the functions with the most self time, and self time by package, so a profile's
// findings can be read in a terminal and written down (docs/benchmarks.md).
// Usage: npx tsx tests/load/profile-summary.ts FILE.cpuprofile [TOP]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Which package a frame belongs to: node_modules/<name>, node's own, or ours (src/...). */
export function packageOf(url: string): string {
  if (!url) return '(native/V8)';
  if (url.startsWith('node:')) return 'node core';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  return url.includes('/dist/server/') ? 'ours (dist/server bundle)' : 'ours';
}

export function summariseProfile(profile: CpuProfile, top = 25) {
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((nodeId, index) => {
    selfMicros.set(nodeId, (selfMicros.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);
  const byFrame = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes) {
    const micros = selfMicros.get(node.id) ?? 0;
    if (!micros) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(dist|src)\//, '$1/');
    const frame = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    byFrame.set(frame, (byFrame.get(frame) ?? 0) + micros);
    const pkg = packageOf(url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
  }
  const rank = (map: Map<string, number>, count: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => ({ name, ms: Math.round(micros / 1000), share: micros / total }));
  return { totalMs: Math.round(total / 1000), frames: rank(byFrame, top), packages: rank(byPackage, 15) };
}

if (process.argv[1]?.endsWith('profile-summary.ts')) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error('Usage: npx tsx tests/load/profile-summary.ts FILE.cpuprofile [TOP]');
    process.exit(2);
  }
  const summary = summariseProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(top ?? 25));
  const percent = (share: number) => `${(share * 100).toFixed(1).padStart(5)} %`;
  console.log(`Sampled ${summary.totalMs} ms.\nSelf time by package:`);
  for (const row of summary.packages) console.log(`  ${percent(row.share)}  ${row.name}`);
  console.log('Top functions by self time:');
  for (const row of summary.frames) console.log(`  ${percent(row.share)}  ${row.name}`);
}
