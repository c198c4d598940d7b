import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
// Default imports: the module objects themselves, whose functions jest can replace.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import * as path from 'node:path';
import { DocumentRefused } from './document-refused';
import { OcrEngine, ocrWorkerSettings, type OcrProgress } from './ocr-engine';
import { pngImage } from './sample-files';

// One line of a certificate on a small page: quick to recognise (about half a second).
const LINE = 'Matriz 4521-2  Dureza 1.050 HV  CN-2025-0457';
const engine = new OcrEngine({ language: 'eng' });
afterAll(() => engine.close());

function looksLikeUrl(value: unknown): boolean {
  return typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
}

describe('ocrWorkerSettings', () => {
  it('points only at local files: language data, worker script and core from node_modules', () => {
    for (const language of ['eng', 'spa'] as const) {
      const settings = ocrWorkerSettings(language);
      for (const value of Object.values(settings)) expect(looksLikeUrl(value)).toBe(false);
      expect(settings.cacheMethod).toBe('none');
      expect(existsSync(settings.workerPath)).toBe(true);
      expect(existsSync(settings.corePath)).toBe(true);
    }
    const eng = ocrWorkerSettings('eng');
    expect(existsSync(path.join(eng.langPath, 'eng.traineddata.gz'))).toBe(true);
    expect(eng.gzip).toBe(true);
    const spa = ocrWorkerSettings('spa');
    expect(spa).toMatchObject({ langPath: '/usr/share/tesseract-ocr/5/tessdata', gzip: false });
    // Default: Spanish exactly when Debian's data is installed.
    expect(ocrWorkerSettings().lang).toBe(existsSync('/usr/share/tesseract-ocr/5/tessdata/spa.traineddata') ? 'spa' : 'eng');
  });
});

describe('OcrEngine', () => {
  it('recognises words with boxes and confidence, reporting progress, with the network cut off', async () => {
    const image = await pngImage([LINE], { dpi: 150 });
    const width = Math.round(595.28 * (150 / 72));
    const height = Math.round(841.89 * (150 / 72));
    // Anything on this thread that tries the network throws (the tesseract worker thread is covered by the unshare test).
    const refuse = () => {
      throw new Error('network used');
    };
    const spies = [
      jest.spyOn(globalThis, 'fetch').mockImplementation(refuse),
      jest.spyOn(http, 'request').mockImplementation(refuse),
      jest.spyOn(http, 'get').mockImplementation(refuse),
      jest.spyOn(https, 'request').mockImplementation(refuse),
      jest.spyOn(https, 'get').mockImplementation(refuse),
      jest.spyOn(net, 'connect').mockImplementation(refuse),
      jest.spyOn(net, 'createConnection').mockImplementation(refuse),
    ];
    const progress: OcrProgress[] = [];
    try {
      const result = await engine.recognize({ image, width, height, page: 2, pages: 3, onProgress: (p) => progress.push(p) });
      expect(result.lines).toHaveLength(1);
      const [line] = result.lines;
      expect(line.text).toBe('Matriz 4521-2 Dureza 1.050 HV CN-2025-0457');
      expect(line.words.map((word) => word.text)).toEqual(['Matriz', '4521-2', 'Dureza', '1.050', 'HV', 'CN-2025-0457']);
      // Drawn at 56 pt from the left, baseline 80 pt from the top.
      expect(line.box.x).toBeCloseTo(56 / 595.28, 2);
      expect(line.box.y + line.box.height).toBeCloseTo(80 / 841.89, 2);
      expect(line.box.height).toBeGreaterThan(6 / 841.89);
      expect(line.box.height).toBeLessThan(16 / 841.89);
      for (const word of line.words) {
        expect(word.confidence).toBeGreaterThan(0.5);
        expect(word.confidence).toBeLessThanOrEqual(1);
      }
      expect(result.confidence).toBeGreaterThan(0.8);
      expect(progress[0]).toEqual({ stage: 'ocr', page: 2, pages: 3, progress: 0 });
      expect(progress.at(-1)).toEqual({ stage: 'ocr', page: 2, pages: 3, progress: 1 });
      expect(progress.every((p) => p.progress >= 0 && p.progress <= 1)).toBe(true);
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(engine.lastWorkerStartMs).toBeGreaterThan(0);
  });

  it('refuses a damaged image and keeps working; a page over its time limit is refused and the worker replaced', async () => {
    const image = await pngImage(['4521-2'], { dpi: 150 });
    const damaged = Buffer.from(image);
    for (let index = 60; index < damaged.length - 20; index += 7) damaged[index] ^= 0x55;
    const refused = await engine.recognize({ image: damaged, width: 1240, height: 1754, page: 1, pages: 1 }).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(DocumentRefused);
    expect((refused as Error).message).toBe('La imagen está dañada o no se puede leer.');

    const hasty = new OcrEngine({ language: 'eng', pageTimeoutMs: 1 });
    try {
      const late = await hasty.recognize({ image, width: 1240, height: 1754, page: 3, pages: 4 }).catch((e: Error) => e);
      expect(late).toBeInstanceOf(DocumentRefused);
      expect((late as Error).message).toBe('El reconocimiento de texto de la página 3 superó el tiempo máximo de 0 s.');
    } finally {
      await hasty.close();
    }
    const again = await engine.recognize({ image, width: 1240, height: 1754, page: 1, pages: 1 });
    expect(again.lines.map((line) => line.text)).toEqual(['4521-2']);
  });

  // The strongest proof that nothing is downloaded: the same settings in a process with no network at all.
  const unshare = spawnSync('unshare', ['-rn', 'true']).status === 0;
  (unshare ? it : it.skip)('works in a network namespace with no network (unshare -rn)', async () => {
    const image = await pngImage(['CN-2025-0457'], { dpi: 100 });
    const script = `
      const { createWorker } = require('tesseract.js');
      const settings = JSON.parse(process.env.OCR_SETTINGS);
      (async () => {
        const worker = await createWorker(settings.lang, 1, settings);
        const { data } = await worker.recognize(Buffer.from(process.env.OCR_IMAGE, 'base64'));
        await worker.terminate();
        process.stdout.write(data.text.trim());
      })().catch((error) => { console.error(error); process.exit(1); });`;
    const child = spawnSync('unshare', ['-rn', process.execPath, '-e', script], {
      cwd: __dirname,
      env: { ...process.env, OCR_SETTINGS: JSON.stringify(ocrWorkerSettings('eng')), OCR_IMAGE: image.toString('base64') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe('CN-2025-0457');
    // And the namespace really has no network: a fetch there fails.
    const probe = spawnSync(
      'unshare',
      ['-rn', process.execPath, '-e', "fetch('https://cdn.jsdelivr.net').then(() => console.log('online'), () => console.log('offline'))"],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(probe.stdout.trim()).toBe('offline');
  });
});
