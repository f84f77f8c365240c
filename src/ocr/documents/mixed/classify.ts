import type { MixedType } from '../../../protocol/points/2582-25';
import { CERTAIN, type RegionView, type TypeRule, typeRules } from './types';

/*
 * Which type a region is: the evidence of each type's cues (types.ts) added up. The type with
 * the most evidence wins when it has at least CERTAIN; otherwise the region is general text,
 * never forced into a type. Cues of a layout other types share (a ruled grid) count only when
 * no type is certain without them. Confidence: how much evidence the winner has (1 − e^(−evidence/2))
 * times its share against the runner-up; for general, how far the best type falls short.
 */

export interface Classified {
  type: MixedType;
  /** the winning type's rule; undefined for general */
  rule?: TypeRule;
  confidence: number;
  /** evidence per type and the cues that gave it, best first (for remarks and tests) */
  evidence: { type: MixedType; score: number; cues: string[] }[];
}

const round = (x: number) => Math.round(x * 1000) / 1000;

function weigh(region: RegionView, rules: TypeRule[], shared: boolean) {
  return rules
    .map((rule) => {
      const cues = rule.cues.filter((cue) => (shared || !cue.shared) && cue.test(region));
      return { rule, type: rule.type, score: cues.reduce((s, c) => s + c.weight, 0), cues: cues.map((c) => c.name) };
    })
    .sort((a, b) => b.score - a.score);
}

export function classify(region: RegionView, rules: TypeRule[] = typeRules): Classified {
  // layout cues other types share count only when no type is certain without them (types.ts Cue.shared)
  const own = weigh(region, rules, false);
  const evidence = (own[0]?.score ?? 0) >= CERTAIN ? own : weigh(region, rules, true);
  const [best, second] = evidence;
  const summary = evidence.filter((e) => e.score > 0).map(({ type, score, cues }) => ({ type, score, cues }));
  if (!best || best.score < CERTAIN) {
    const strength = best ? best.score / CERTAIN : 0;
    return { type: 'general', confidence: round(1 - 0.5 * strength), evidence: summary };
  }
  const strength = 1 - Math.exp(-best.score / 2);
  const share = best.score / (best.score + (second?.score ?? 0));
  return { type: best.type, rule: best.rule, confidence: round(strength * share), evidence: summary };
}
