/**
 * Writes the installable-app icons (public/icons/icon-192.png, icon-512.png) without any image library:
 * a blue rounded square with a white document sheet. Run: node apps/web/scripts/generate-icons.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BLUE = [28, 126, 214, 255];
const WHITE = [255, 255, 255, 255];
const LINE = [165, 216, 255, 255];
const CLEAR = [0, 0, 0, 0];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function pixelAt(x, y, size) {
  const radius = size * 0.18;
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return CLEAR;
  const left = size * 0.28;
  const right = size * 0.72;
  const top = size * 0.2;
  const bottom = size * 0.8;
  const fold = size * 0.12;
  const inSheet =
    x >= left &&
    x <= right &&
    y >= top &&
    y <= bottom &&
    !(x > right - fold && y < top + fold && x - (right - fold) > y - top);
  if (!inSheet) return BLUE;
  const lineHeight = size * 0.035;
  for (const row of [0.38, 0.48, 0.58, 0.68]) {
    const lineTop = size * row;
    const lineRight = row === 0.68 ? size * 0.55 : right - size * 0.08;
    if (y >= lineTop && y <= lineTop + lineHeight && x >= left + size * 0.08 && x <= lineRight) return LINE;
  }
  return WHITE;
}

function createPng(size) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y += 1) {
    const rowStart = y * (size * 4 + 1);
    raw[rowStart] = 0;
    for (let x = 0; x < size; x += 1) {
      const [r, g, b, a] = pixelAt(x + 0.5, y + 0.5, size);
      raw.set([r, g, b, a], rowStart + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(OUT_DIR, { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(join(OUT_DIR, `icon-${size}.png`), createPng(size));
}
