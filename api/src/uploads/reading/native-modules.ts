import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import type * as Canvas from '@napi-rs/canvas';
import type * as Unpdf from 'unpdf';

/**
 * Node's own `require`, also when jest runs this file.
 *
 * Why: unpdf's CommonJS entry loads pdf.js with a dynamic `import()`, which jest's module sandbox
 * refuses (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG); and pdf.js must share one realm with the
 * canvas module and the globals unpdf installs (DOMMatrix, Path2D). Loading unpdf and
 * @napi-rs/canvas through the host process's real `module.createRequire` works the same in plain
 * node (production: the compiled CommonJS) and under jest. `vm.runInThisContext('process')` is
 * the host's process object (jest hands test code a copy whose getBuiltinModule is jest's own).
 */
const hostProcess = vm.runInThisContext('process') as NodeJS.Process;
const hostModule = hostProcess.getBuiltinModule('node:module');
export const nativeRequire: NodeJS.Require = hostModule.createRequire(__filename);

/** @napi-rs/canvas from node's loader (the same instance pdf.js draws on). */
export function canvasModule(): typeof Canvas {
  return nativeRequire('@napi-rs/canvas') as typeof Canvas;
}

let unpdfPromise: Promise<typeof Unpdf> | undefined;

/** unpdf (pdf.js inside), loaded once, with its pdf.js bundle and canvas module resolved up front. */
export function loadUnpdf(): Promise<typeof Unpdf> {
  unpdfPromise ??= (async () => {
    polyfillTransferToFixedLength();
    const unpdf = nativeRequire('unpdf') as typeof Unpdf;
    // Hand unpdf its own pdf.js bundle from node's loader (its `import('unpdf/pdfjs')` fails under jest).
    const pdfjsPath = path.join(path.dirname(nativeRequire.resolve('unpdf')), 'pdfjs.mjs');
    await unpdf.definePDFJSModule(() => Promise.resolve(nativeRequire(pdfjsPath)));
    return unpdf;
  })();
  unpdfPromise.catch(() => (unpdfPromise = undefined));
  return unpdfPromise;
}

/**
 * pdf.js 5 calls `ArrayBuffer.prototype.transferToFixedLength` (ES2024, node >= 21) when it
 * compiles a font; on node 20 every page with text then renders blank ("o.transferToFixedLength
 * is not a function"). structuredClone with a transfer list detaches the source just like it.
 */
function polyfillTransferToFixedLength(): void {
  const prototype = vm.runInThisContext('ArrayBuffer.prototype') as ArrayBuffer & {
    transferToFixedLength?: (length?: number) => ArrayBuffer;
  };
  if (typeof prototype.transferToFixedLength === 'function') return;
  Object.defineProperty(prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value: function transferToFixedLength(this: ArrayBuffer, length?: number): ArrayBuffer {
      const newLength = length ?? this.byteLength;
      const moved = structuredClone(this, { transfer: [this] });
      if (newLength === moved.byteLength) return moved;
      const resized = new ArrayBuffer(newLength);
      new Uint8Array(resized).set(new Uint8Array(moved, 0, Math.min(newLength, moved.byteLength)));
      return resized;
    },
  });
}

/** A folder inside an installed package (fonts and data that ship in node_modules). */
export function packageDir(packageName: string, ...inside: string[]): string {
  return path.join(path.dirname(nativeRequire.resolve(`${packageName}/package.json`)), ...inside);
}

const SANS_FAMILY = 'PlantaSans';
let sansFamily: string | undefined;

/**
 * A sans font for the canvas on any machine: Liberation Sans ships inside pdfjs-dist (a
 * dependency, used by pdf.js for Helvetica), so a fresh clone has it without system fonts.
 * Falls back to a system sans (DejaVu Sans is on this machine).
 */
export function sansFont(): string {
  if (sansFamily) return sansFamily;
  const { GlobalFonts } = canvasModule();
  const candidates = [packageDir('pdfjs-dist', 'standard_fonts', 'LiberationSans-Regular.ttf')];
  for (const file of candidates) {
    if (existsSync(file) && GlobalFonts.registerFromPath(file, SANS_FAMILY)) return (sansFamily = SANS_FAMILY);
  }
  const system = GlobalFonts.families.find((font) => /^(DejaVu Sans|Liberation Sans|Arial|Helvetica)$/.test(font.family));
  if (!system) throw new Error('No hay ninguna fuente sans disponible para dibujar los documentos de ejemplo.');
  return (sansFamily = system.family);
}
