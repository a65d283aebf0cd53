/**
 * Writes the app icons of the web app manifest (public/icons/icon-192.png, icon-512.png) from the shapes of
 * public/favicon.svg: the beadwork flower (rose petals, gold centre) on velvet, drawn inside the central 70 % so
 * the same image serves as a maskable icon. No image library: raw RGBA rows, zlib, and the PNG chunks by hand.
 * Run: node scripts/make-icons.mjs (the PNGs are committed; run again only if the favicon changes).
 */
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const VELVET = [0x1b, 0x1d, 0x36];
const ROSE = [0xe8, 0x8a, 0xa5];
const GOLD = [0xe0, 0xa5, 0x30];

/** Colour at (x, y) in the favicon's 32-unit box (no rounded corners: maskable icons are cut by the system). */
function colourAt(x, y) {
  if ((x - 16) ** 2 + (y - 16) ** 2 <= 3.3 ** 2) return GOLD;
  const petals = [
    [16, 8.5, 3.8, 5.8],
    [16, 23.5, 3.8, 5.8],
    [8.5, 16, 5.8, 3.8],
    [23.5, 16, 5.8, 3.8],
  ];
  for (const [cx, cy, rx, ry] of petals) if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) return ROSE;
  return VELVET;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function png(size) {
  const scale = 0.7; // the flower inside the maskable safe zone
  const samples = 4;
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let py = 0; py < size; py++) {
    const row = py * (1 + size * 3);
    rows[row] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const u = (px + (sx + 0.5) / samples) / size;
          const v = (py + (sy + 0.5) / samples) / size;
          const c = colourAt(16 + ((u - 0.5) * 32) / scale, 16 + ((v - 0.5) * 32) / scale);
          for (let i = 0; i < 3; i++) sum[i] += c[i];
        }
      }
      for (let i = 0; i < 3; i++) rows[row + 1 + px * 3 + i] = Math.round(sum[i] / samples ** 2);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) writeFileSync(new URL(`../public/icons/icon-${size}.png`, import.meta.url), png(size));
