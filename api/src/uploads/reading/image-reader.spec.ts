import { DocumentRefused } from './document-refused';
import { IMAGE_UNREADABLE, imageSize, readImage } from './image-reader';
import { canvasModule, sansFont } from './native-modules';
import { OcrEngine } from './ocr-engine';
import { jpegImage, pngImage, tiffImage } from './sample-files';

jest.setTimeout(120_000);
const ocr = new OcrEngine({ language: 'eng' });
afterAll(() => ocr.close());

describe('imageSize', () => {
  it('reads the pixel size from PNG, JPEG and TIFF headers, and null from broken ones', async () => {
    const size = { width: 165, height: 234 }; // A4 at 20 dpi
    expect(imageSize(await pngImage(['x'], { dpi: 20 }), 'png')).toEqual(size);
    expect(imageSize(await jpegImage(['x'], { dpi: 20 }), 'jpeg')).toEqual(size);
    expect(imageSize(await tiffImage(['x'], { dpi: 20 }), 'tiff')).toEqual(size);
    expect(imageSize((await pngImage(['x'], { dpi: 20 })).subarray(0, 20), 'png')).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2]), 'jpeg')).toBeNull();
    expect(imageSize((await tiffImage(['x'], { dpi: 20 })).subarray(0, 12), 'tiff')).toBeNull();
  });
});

describe('readImage', () => {
  it('refuses damaged images without crashing the process (they never reach @napi-rs/canvas)', async () => {
    const png = await pngImage(['4521-2'], { dpi: 100 });
    const damaged = Buffer.from(png);
    for (let index = 60; index < damaged.length - 20; index += 7) damaged[index] ^= 0x55;
    const jpeg = await jpegImage(['4521-2'], { dpi: 100 });
    for (const [bytes, kind] of [
      [damaged, 'png'],
      [jpeg.subarray(0, 800), 'jpeg'],
      [png.subarray(0, 40), 'png'],
    ] as const) {
      const error = await readImage(bytes, kind, { ocr }).catch((e: Error) => e);
      expect(error).toBeInstanceOf(DocumentRefused);
      expect((error as Error).message).toBe(IMAGE_UNREADABLE);
    }
  });

  it('reads a small, low-contrast image a second time at double size when the first pass is unsure', async () => {
    const { createCanvas } = canvasModule();
    const canvas = createCanvas(420, 60);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 420, 60);
    context.fillStyle = '#333333';
    context.font = `11px ${sansFont()}`;
    context.fillText('Matriz 4521-2 Dureza 1.050 HV Capa 0,12 mm', 6, 25);
    context.fillText('CN-2025-0457 salida 14/03/2025', 6, 45);
    const png = await canvas.encode('png');
    const recognize = jest.spyOn(ocr, 'recognize');
    try {
      const { text, pageImage } = await readImage(png, 'png', { ocr });
      expect(recognize).toHaveBeenCalledTimes(2);
      expect(recognize.mock.calls[1][0]).toMatchObject({ width: 840, height: 120 });
      expect(text.pages[0]).toMatchObject({ width: 420, height: 60 });
      expect(text.pages[0].lines.map((line) => line.text)).toEqual(['Matriz 4521-2 Dureza 1.050 HV Capa 0,12 mm', 'CN-2025-0457 salida 14/03/2025']);
      // Boxes stay fractions of the uploaded image, whatever size was recognised.
      expect(text.pages[0].lines[0].box.x).toBeCloseTo(6 / 420, 1);
      expect(pageImage).toEqual({ contentType: 'image/png', data: png });
    } finally {
      recognize.mockRestore();
    }
  });
});
