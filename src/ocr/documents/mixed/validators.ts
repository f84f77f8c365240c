import { certain, LETTERS, parsePlate, PROVINCES } from '../plate/grammar';
import { isValidVin } from '../vin/check';

/*
 * The per-type validators 2582-25's cues apply to a single line (types.ts): the plate grammar
 * and the VIN check digit. A line that passes is strong evidence of its type, since prose almost
 * never forms a valid plate number or a VIN whose check digit holds.
 */

/** Texts remembered by `remembered` at most, each validator: more are forgotten all at once. */
const REMEMBERED = 4096;

/**
 * `test` with its answers remembered by text. Grouping a sheet asks the same lines again and
 * again (every group's type at every link tried, regions.ts and linkage.ts: the plate grammar
 * was about a tenth of finding a sheet's regions), and the answer is the text's alone.
 */
function remembered(test: (line: string) => boolean): (line: string) => boolean {
  const known = new Map<string, boolean>();
  return (line) => {
    let answer = known.get(line);
    if (answer === undefined) {
      if (known.size >= REMEMBERED) known.clear();
      known.set(line, (answer = test(line)));
    }
    return answer;
  };
}

/** GA 36-2018 plate grammar, without repairs: the line is a plate number as printed. */
export const isPlateNumber = remembered((line) => {
  const reading = parsePlate([certain(line.replace(/[·•・.\s-]/g, ''))], undefined);
  return reading !== undefined && reading.repaired === 0;
});

/** The line holds a 17-character VIN whose ISO 3779 / GB 16735 check digit is right (a label such as VIN: may precede it). */
export const isVin = remembered((line) => {
  const run = line.toUpperCase().replace(/[^0-9A-Z]/g, '');
  // a VIN has letters (its maker's code): long digit strings (check codes, numbers) are no VIN even when one would check
  const vin = (s: string) => (s.match(/[A-Z]/g)?.length ?? 0) >= 2 && isValidVin(s);
  for (let i = 0; i + 17 <= run.length; i++) if (vin(run.slice(i, i + 17))) return true;
  return false;
});

const PLATE_START = new RegExp(`^[${PROVINCES}][${LETTERS}][0-9A-Z]{3,6}$`);
/**
 * A plate read in part: a province, its letter and a few more characters (a character missed or
 * cut off at a tilt, or the row of a two-row plate read apart). No plate by itself: with a
 * plate-sized region it lets the plate extractor look, and that extractor's own finding decides
 * (a region it finds no plate in is general text: read.ts).
 */
export const isPartialPlate = (text: string): boolean => PLATE_START.test(text.replace(/[·•・.\s-]/g, '').toUpperCase());
