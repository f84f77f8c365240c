import type { BenchItem } from './dataset';
import { scoreItem } from './score';
import { quantile } from './stats';

export interface EngineRun {
  key: string;
  name: string;
  loadMs: number;
  maxRssMb: number;
  results: Map<string, { lines: string[]; ms: number; cpuMs: number; error?: string }>;
}

const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)}%`);
const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)}` : '–');

function summary(run: EngineRun, items: BenchItem[]) {
  let chars = 0, errors = 0, orderErrors = 0, lines = 0, exact = 0, failed = 0;
  const latencies: number[] = [];
  const cpu: number[] = [];
  for (const item of items) {
    const result = run.results.get(item.id);
    if (!result) continue;
    if (result.error) failed++;
    const s = scoreItem(item, result.lines);
    chars += s.chars;
    errors += s.errors;
    orderErrors += s.orderErrors;
    lines += s.lines;
    exact += s.exact;
    latencies.push(result.ms);
    cpu.push(result.cpuMs);
  }
  return { chars, errors, orderErrors, lines, exact, failed, latencies, cpu };
}

/** The markdown tables bench:ocr prints (and docs/ocr.md quotes). */
export function report(runs: EngineRun[], items: BenchItem[]): string {
  const out: string[] = [];
  for (const set of ['synthetic', 'corpus'] as const) {
    const setItems = items.filter((i) => i.set === set);
    if (setItems.length === 0) continue;
    const chars = summary(runs[0]!, setItems).chars;
    out.push(`\n### ${set}: ${setItems.length} images, ${chars} characters\n`);
    out.push(
      '| engine | char acc | exact lines | in reading order | median ms | p90 ms | median CPU ms | full document ms (CPU) | ~3 MB photo max ms (CPU) | peak RSS MB | failed |',
    );
    out.push('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const run of runs) {
      const s = summary(run, setItems);
      const tagged = (tag: BenchItem['tag'], pick: 'ms' | 'cpuMs') =>
        setItems.filter((i) => i.tag === tag).map((i) => run.results.get(i.id)?.[pick] ?? NaN);
      const doc = tagged('document', 'ms'), docCpu = tagged('document', 'cpuMs');
      const photo = tagged('photo', 'ms'), photoCpu = tagged('photo', 'cpuMs');
      out.push(
        `| ${run.name} | ${pct(s.chars - s.errors, s.chars)} | ${pct(s.exact, s.lines)} | ${pct(s.chars - s.orderErrors, s.chars)} | ` +
          `${ms(quantile(s.latencies, 0.5))} | ${ms(quantile(s.latencies, 0.9))} | ${ms(quantile(s.cpu, 0.5))} | ` +
          `${doc.length ? `${ms(quantile(doc, 0.5))} (${ms(quantile(docCpu, 0.5))})` : '–'} | ` +
          `${photo.length ? `${ms(Math.max(...photo))} (${ms(Math.max(...photoCpu))})` : '–'} | ${Math.round(run.maxRssMb)} | ${s.failed} |`,
      );
    }
  }
  out.push('\n### char accuracy by group\n');
  const groups = [...new Set(items.map(groupOf))];
  out.push(`| group | images | ${runs.map((r) => r.key).join(' | ')} |`);
  out.push(`|---|---|${runs.map(() => '---').join('|')}|`);
  for (const group of groups) {
    const groupItems = items.filter((i) => groupOf(i) === group);
    const cells = runs.map((run) => {
      const s = summary(run, groupItems);
      return pct(s.chars - s.errors, s.chars);
    });
    out.push(`| ${group} | ${groupItems.length} | ${cells.join(' | ')} |`);
  }
  return out.join('\n');
}

function groupOf(item: BenchItem): string {
  if (item.set === 'synthetic') return `synthetic ${item.id.replace(/-\d+$/, '')}`;
  return `corpus ${item.id.split('/')[0]}`;
}
