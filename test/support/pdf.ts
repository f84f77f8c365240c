/*
 * Hand-made PDFs for the intake's error cases: a file whose page tree is empty, one that is
 * encrypted with a password we do not have, and the smallest valid one. Objects are numbered
 * from 1 in the order given; object 1 must be the catalog. The cross-reference table is
 * computed, so pdfjs reads them without reconstruction.
 */

export function minimalPdf(objects: string[], trailer = ''): Uint8Array {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const ONE_PAGE = ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'];

/** A well-formed PDF whose page tree holds no page. */
export const noPagesPdf = () => minimalPdf([CATALOG, '<< /Type /Pages /Kids [] /Count 0 >>']);

/** One blank page. */
export const blankPdf = () => minimalPdf([CATALOG, ...ONE_PAGE]);

/**
 * Standard security handler, revision 2, with O and U entries that match no password: the
 * empty user password fails, so a reader must ask for one (pdfjs: PasswordException).
 */
export function encryptedPdf(): Uint8Array {
  const hash = `<${'11'.repeat(32)}>`;
  const id = '<00112233445566778899aabbccddeeff>';
  return minimalPdf([CATALOG, ...ONE_PAGE, `<< /Filter /Standard /V 1 /R 2 /O ${hash} /U ${hash} /P -4 >>`], `/Encrypt 4 0 R /ID [${id} ${id}]`);
}
