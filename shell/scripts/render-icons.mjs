// Renders the portal's install icons (shell/src/public/icons/*.png) from shell/src/favicon.svg.
// Run once after the logo changes: `node shell/scripts/render-icons.mjs`; the PNG files are committed.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';

const shell = path.resolve(import.meta.dirname, '..');
const svg = readFileSync(path.join(shell, 'src', 'favicon.svg'), 'utf8');
const BRAND = '#0f6cbd';

/** The logo as drawn: a rounded tile, transparent corners ("any" purpose). */
async function plain(size) {
  const canvas = createCanvas(size, size);
  const image = await loadImage(Buffer.from(svg.replace('viewBox="0 0 32 32"', `viewBox="0 0 32 32" width="${size}" height="${size}"`)));
  canvas.getContext('2d').drawImage(image, 0, 0, size, size);
  return canvas;
}

/**
 * A full-bleed square (maskable, and Apple's touch icon, which the system rounds itself): the
 * brand colour to the edges and the glyph inside the central safe zone (a circle of 80 %).
 */
async function fullBleed(size, glyphShare) {
  const canvas = createCanvas(size, size);
  const context = canvas.getContext('2d');
  context.fillStyle = BRAND;
  context.fillRect(0, 0, size, size);
  const glyph = Math.round(size * glyphShare);
  const offset = Math.round((size - glyph) / 2);
  context.drawImage(await plain(glyph), offset, offset, glyph, glyph);
  return canvas;
}

const out = path.join(shell, 'src', 'public', 'icons');
const icons = {
  'icon-192.png': await plain(192),
  'icon-512.png': await plain(512),
  'icon-maskable-512.png': await fullBleed(512, 0.8),
  'apple-touch-icon.png': await fullBleed(180, 0.8),
};
for (const [name, canvas] of Object.entries(icons)) {
  writeFileSync(path.join(out, name), canvas.toBuffer('image/png'));
  console.log(`${name} ${canvas.width}×${canvas.height}`);
}
