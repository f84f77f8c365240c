import { describe, expect, it } from 'vitest';
import { createRaster } from '../../../../src/ocr/image/raster';
import { inkBase, inkMask, type Mask, rotateMasks } from '../../../../src/ocr/documents/table/mask';

/*
 * The table point's ink masks (table/mask.ts): masks turned together as each would be turned
 * alone, and a mask made on a base made before it as one made afresh.
 */

const random = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) / 65536;

function randomMask(width: number, height: number, seed: number): Mask {
  const next = random(seed);
  return { width, height, data: Uint8Array.from({ length: width * height }, () => (next() < 0.3 ? 1 : 0)) };
}

/** The turn worked out a pixel at a time, as rotateMask did before masks were turned together. */
function turnedAlone(mask: Mask, radians: number): Mask {
  const cos = Math.cos(radians), sin = Math.sin(radians);
  const width = Math.round(Math.abs(mask.width * cos) + Math.abs(mask.height * sin));
  const height = Math.round(Math.abs(mask.width * sin) + Math.abs(mask.height * cos));
  const data = new Uint8Array(width * height);
  const cx = mask.width / 2, cy = mask.height / 2, ox = width / 2, oy = height / 2;
  for (let y = 0; y < height; y++) {
    const dy = y + 0.5 - oy;
    for (let x = 0; x < width; x++) {
      const dx = x + 0.5 - ox;
      const sx = Math.floor(cx + dx * cos + dy * sin), sy = Math.floor(cy - dx * sin + dy * cos);
      if (sx >= 0 && sy >= 0 && sx < mask.width && sy < mask.height) data[y * width + x] = mask.data[sy * mask.width + sx]!;
    }
  }
  return { width, height, data };
}

describe('table masks', () => {
  it('turns masks together as each is turned alone', () => {
    const masks = [randomMask(97, 61, 1), randomMask(97, 61, 2), randomMask(97, 61, 3)];
    for (const degrees of [1.7, -1.3, 3.3, 45, 90.4, -179]) {
      const radians = (degrees * Math.PI) / 180;
      const together = rotateMasks(masks, radians);
      masks.forEach((m, k) => expect(together[k]).toEqual(turnedAlone(m, radians)));
      expect(rotateMasks([masks[0]!], radians)[0]).toEqual(turnedAlone(masks[0]!, radians));
    }
  });

  it('makes a mask on a base made before as afresh, whatever its window', () => {
    const image = createRaster(260, 180);
    const next = random(7);
    for (let i = 0; i < image.data.length; i += 3) {
      const v = next() < 0.1 ? 40 : 200 + Math.floor(next() * 40);
      image.data.set([v, v - 10, v + 5], i);
    }
    const base = inkBase(image, 100);
    for (const window of [15, 40, 90]) expect(inkMask(image, window, 100, base)).toEqual(inkMask(image, window, 100));
    expect(inkMask(image, 40, 100, base).ridges).toBe(base.ridges);
  });
});
