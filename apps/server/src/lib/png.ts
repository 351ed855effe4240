import { crc32, deflateSync } from 'node:zlib';

/** RGB pixel painter: returns [r, g, b] (0–255) for pixel x, y. */
export type Painter = (x: number, y: number) => [number, number, number];

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td) >>> 0);
  return Buffer.concat([len, td, crc]);
}

/** Encodes an 8-bit RGB PNG (no dependency: demo photos and test fixtures are drawn, not downloaded). */
export function encodePng(width: number, height: number, paint: Painter): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

/**
 * A simple produce still life: a soft background, a table edge and a few shaded round fruits of the
 * given colour. Deterministic for a seed, so the demo looks the same on every machine.
 */
export function drawProducePhoto(rgb: [number, number, number], seed: number, width = 480, height = 360): Buffer {
  let s = seed * 9301 + 49297;
  const rand = () => (s = (s * 9301 + 49297) % 233280) / 233280;
  const fruits = Array.from({ length: 3 + Math.floor(rand() * 4) }, () => ({
    cx: width * (0.15 + rand() * 0.7),
    cy: height * (0.45 + rand() * 0.35),
    r: Math.min(width, height) * (0.12 + rand() * 0.1),
  })).sort((a, b) => a.cy - b.cy);
  const bg: [number, number, number] = [238 - (seed % 20), 232, 220 + (seed % 3) * 8];
  return encodePng(width, height, (x, y) => {
    let px: [number, number, number] = y > height * 0.62 ? [180, 140, 100] : [bg[0] - y / 12, bg[1] - y / 14, bg[2] - y / 10];
    for (const f of fruits) {
      const dx = x - f.cx;
      const dy = y - f.cy;
      const d2 = dx * dx + dy * dy;
      if (d2 <= f.r * f.r) {
        // Light from the top left: a highlight and a darker rim give the fruit its volume.
        const lx = (x - (f.cx - f.r * 0.35)) / f.r;
        const ly = (y - (f.cy - f.r * 0.35)) / f.r;
        const light = 1.25 - Math.sqrt(lx * lx + ly * ly) * 0.55;
        const rim = 1 - Math.pow(Math.sqrt(d2) / f.r, 6) * 0.35;
        px = [clamp(rgb[0] * light * rim), clamp(rgb[1] * light * rim), clamp(rgb[2] * light * rim)];
      }
    }
    return [clamp(px[0]), clamp(px[1]), clamp(px[2])];
  });
}
