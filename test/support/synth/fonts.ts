import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

/*
 * A Simplified Chinese face for the renderer. @napi-rs/canvas registers only the first
 * face of a .ttc (Japanese for Noto CJK), so we register single-face .otf files:
 * Noto Sans Hans from @embedpdf/fonts-sc (OFL), else Debian's WenQuanYi Zen Hei.
 */

export const FAMILY = 'SynthSans';
export const FAMILY_BOLD = 'SynthSansBold';

function candidates(): { regular: string; bold: string }[] {
  const found: { regular: string; bold: string }[] = [];
  try {
    // the package exports only dist/index; the faces sit in fonts/ beside dist/
    const pkg = dirname(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')));
    found.push({ regular: join(pkg, 'fonts/NotoSansHans-Regular.otf'), bold: join(pkg, 'fonts/NotoSansHans-Bold.otf') });
  } catch {
    // not installed: fall through to the system font
  }
  found.push({ regular: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttf', bold: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttf' });
  return found;
}

let registered: boolean | undefined;

/** Registers the faces once; false when no Chinese font exists (tests then skip). */
export function registerChineseFont(): boolean {
  if (registered !== undefined) return registered;
  registered = false;
  for (const { regular, bold } of candidates()) {
    if (!existsSync(regular)) continue;
    GlobalFonts.registerFromPath(regular, FAMILY);
    GlobalFonts.registerFromPath(existsSync(bold) ? bold : regular, FAMILY_BOLD);
    registered = true;
    break;
  }
  return registered;
}
