import fill from '../content/fill-form.iife?script';
import pick from '../content/pick-fill.iife?script';
import readImage from '../content/read-image.iife?script';
import selectRegion from '../content/select-region.iife?script';

/**
 * Output file names of the injected scripts. CRXJS builds each `*.iife.ts` as one self-contained
 * file and gives its name here; scripting.executeScript injects it on demand.
 */
export const scriptFiles = { fill, pick, readImage, selectRegion };
