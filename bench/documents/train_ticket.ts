import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eticketOfd, eticketPdf, eticketValues, expectedETicket } from '../../test/support/eticket';
import { renderTrainTicket, ticketPlan } from '../../test/support/synth/documents/train-ticket';
import type { DocumentBench, DocumentCase, FieldValue } from './types';

/*
 * 2582-24 train tickets: the corpus's 3 tickets (red and blue paper photos, a web-demo
 * screenshot) and synthetic blue, red and 12306-screenshot tickets, clean, JPEG, photo and
 * turned; railway e-tickets from their files (tag "e-ticket ofd" / "e-ticket pdf"): the two
 * specimens of ../shared/corpus/einvoice and generated OFDs (with and without the railway's XBRL
 * record) and PDFs. Scored on every Data field the source knows.
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

/** The railway e-ticket specimens of the e-invoice corpus (its vat_invoice entries with a TrainNum), as tickets. */
function eticketSpecimens(): DocumentCase[] {
  const path = `${corpusDir}einvoice/manifest.json`;
  if (!existsSync(path)) return [];
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as { file: string; ground_truth: Record<string, string> }[];
  const date = (iso: string) => iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1年$2月$3日');
  return manifest
    .filter((e) => e.ground_truth.TrainNum)
    .map((e): DocumentCase => ({
      name: e.file,
      source: 'corpus',
      bytes: new Uint8Array(readFileSync(`${corpusDir}${e.file}`)),
      options: {},
      expected: {
        Number: e.ground_truth.TrainNum!,
        DepartureStation: e.ground_truth.StartStation!,
        Destination: e.ground_truth.DestinationStation!,
        InvoiceNum: e.ground_truth.InvoiceNum!,
        InvoiceDate: date(e.ground_truth.InvoiceDate!),
      },
      tags: ['e-ticket ofd'],
    }));
}

export const trainTicketBench: DocumentBench = {
  type: 'train_ticket',
  kind: 'train_ticket',
  async corpus() {
    if (!existsSync(`${corpusDir}manifest.json`)) return [];
    const manifest = JSON.parse(readFileSync(`${corpusDir}manifest.json`, 'utf8')) as { file: string; type: string; ground_truth: Record<string, string> | null }[];
    const paper = manifest
      .filter((e) => e.type === 'train_ticket' && e.ground_truth)
      .map((e): DocumentCase => ({
        name: e.file,
        source: 'corpus',
        bytes: new Uint8Array(readFileSync(`${corpusDir}${e.file}`)),
        options: {},
        expected: trainGroundTruth(e.ground_truth!),
      }));
    return [...paper, ...eticketSpecimens()];
  },
  async synthetic(count, seed) {
    const cases: DocumentCase[] = [];
    for (const plan of ticketPlan(count, seed)) {
      const c = await renderTrainTicket(plan.seed, plan.style, plan.variant);
      cases.push({ name: c.name, source: 'synthetic', bytes: c.bytes, options: {}, expected: { ...c.expected } });
    }
    for (let i = 0; i < 6; i++) {
      const v = eticketValues(seed * 100 + 40 + i);
      const [bytes, tag] = i % 3 === 0 ? [eticketPdf(v), 'e-ticket pdf'] : [eticketOfd(v, { xbrl: i % 3 === 1 }), 'e-ticket ofd'];
      cases.push({ name: `eticket-${i % 3 === 0 ? 'pdf' : i % 3 === 1 ? 'ofd-xbrl' : 'ofd'}-${seed}-${i}`, source: 'synthetic', bytes, options: {}, expected: expectedETicket(v), tags: [tag] });
    }
    return cases;
  },
  flatten(data) {
    return { ...(data as Record<string, FieldValue>) };
  },
};
