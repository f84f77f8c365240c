import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderTrainTicket, ticketPlan } from '../../test/support/synth/documents/train-ticket';
import type { DocumentBench, DocumentCase, FieldValue } from './types';

/*
 * 2582-24 train tickets: the corpus's 3 tickets (red and blue paper photos, a web-demo
 * screenshot) and synthetic blue, red and 12306-screenshot tickets, clean, JPEG, photo and
 * turned. Scored on every Data field.
 */

const corpusDir = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

/** The corpus's ground truth (chineseocr's field names) as 2582-24 Data. */
export function trainGroundTruth(t: Record<string, string>): Record<string, FieldValue> {
  const [y, m, d] = t.Date!.split('-');
  return {
    Name: t.Name!,
    Date: `${y}年${m}月${d}日${t.Time}`,
    Seat: `${t.Carriage}车${t.SeatNum}号`,
    Number: t.TrainNum!,
    Price: Number(t.Price),
    DepartureStation: t.StartStation!,
    Level: t.SeatCategory!,
    Destination: t.DestinationStation!,
  };
}

export const trainTicketBench: DocumentBench = {
  type: 'train_ticket',
  kind: 'train_ticket',
  async corpus() {
    if (!existsSync(`${corpusDir}manifest.json`)) return [];
    const manifest = JSON.parse(readFileSync(`${corpusDir}manifest.json`, 'utf8')) as { file: string; type: string; ground_truth: Record<string, string> | null }[];
    return manifest
      .filter((e) => e.type === 'train_ticket' && e.ground_truth)
      .map((e): DocumentCase => ({
        name: e.file,
        source: 'corpus',
        bytes: new Uint8Array(readFileSync(`${corpusDir}${e.file}`)),
        options: {},
        expected: trainGroundTruth(e.ground_truth!),
      }));
  },
  async synthetic(count, seed) {
    const cases: DocumentCase[] = [];
    for (const plan of ticketPlan(count, seed)) {
      const c = await renderTrainTicket(plan.seed, plan.style, plan.variant);
      cases.push({ name: c.name, source: 'synthetic', bytes: c.bytes, options: {}, expected: { ...c.expected } });
    }
    return cases;
  },
  flatten(data) {
    return { ...(data as Record<string, FieldValue>) };
  },
};
