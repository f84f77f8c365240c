import { registerChineseFont } from '../../support/synth/index';
import { composeSheet, type Sheet } from '../../support/synth/documents/mixed-sheet';

/*
 * The sheet the 自动识别 e2e tests read: receipts pasted on one sheet of paper (粘贴单) as the
 * user photographs them, built by the OCR tests' sheet builder from the types' own generators,
 * so it needs no corpus. Each document keeps its type; `docIds` are the extension's document
 * types of them (lib/documents/auto.ts), what the cards and the history show.
 */

const docIdOf = { train_ticket: 'train', taxi_invoice: 'taxi', vat_invoice: 'vat', driver_license: 'driver_face', vehicle_license: 'vehicle_face', vin: 'vin', plate: 'plate', table: 'table', general: 'text' } as const;

export interface E2eSheet extends Sheet {
  /** the extension's document type of each document pasted */
  docIds: string[];
}

/** false without a Simplified Chinese font to render with: the tests say so and skip */
export const hasSheetFont = registerChineseFont();

/** A train ticket and a taxi receipt side by side, a VAT invoice below them, on a white sheet, each a little askew. */
export async function receiptSheet(): Promise<E2eSheet> {
  const sheet = await composeSheet({ seed: 4101, types: ['train_ticket', 'taxi_invoice', 'vat_invoice'], background: 'sheet', touching: false, turns: false });
  return { ...sheet, docIds: sheet.documents.map((d) => docIdOf[d.type]) };
}
