import { storedFileBlob } from '@planta/ui';

/**
 * The profile's drawing as something konva can paint: a photo or scan as it is, the customer's
 * PDF (its first page) rendered once to a bitmap by pdfjs. pdfjs (about 1 MB, and its worker
 * another 1.2 MB) is fetched only here, when a canvas over a PDF drawing opens.
 */
export interface DrawingImage {
  source: CanvasImageSource;
  width: number;
  height: number;
}

/** The long side of a rendered PDF page in pixels: sharp when zoomed on a tablet, bounded in memory. */
const PDF_LONG_SIDE = 2400;

export async function loadDrawingImage(url: string, signal?: AbortSignal): Promise<DrawingImage> {
  const blob = await storedFileBlob(url, signal);
  if (blob.type === 'application/pdf') return renderPdf(blob);
  return loadBitmap(blob);
}

async function loadBitmap(blob: Blob): Promise<DrawingImage> {
  const objectUrl = URL.createObjectURL(blob);
  try {
    const image = new Image();
    image.src = objectUrl;
    await image.decode();
    return { source: image, width: image.naturalWidth, height: image.naturalHeight };
  } finally {
    // A decoded image keeps its pixels: the URL is not needed any more.
    URL.revokeObjectURL(objectUrl);
  }
}

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsLoad: Promise<Pdfjs> | null = null;

/**
 * pdfjs with its worker. The legacy build runs on the older tablet browsers of the shop floor.
 * The worker file is emitted by rspack as an asset of this remote (the `new URL(…, import.meta.url)`
 * form) and so lives beside the remote's chunks, wherever the remotes map serves them: on another
 * origin (a remote served apart, the dev servers) a worker cannot be started from its URL, so it is
 * started from a copy of its bytes.
 */
function pdfjs(): Promise<Pdfjs> {
  pdfjsLoad ??= (async () => {
    const pdf = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const workerUrl = new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url);
    let source = workerUrl.href;
    if (workerUrl.origin !== window.location.origin) {
      const response = await fetch(workerUrl);
      source = URL.createObjectURL(new Blob([await response.text()], { type: 'text/javascript' }));
    }
    pdf.GlobalWorkerOptions.workerPort = new Worker(source, { type: 'module' });
    return pdf;
  })().catch((error: unknown) => {
    pdfjsLoad = null;
    throw error;
  });
  return pdfjsLoad;
}

async function renderPdf(blob: Blob): Promise<DrawingImage> {
  const pdf = await pdfjs();
  const pdfDocument = await pdf.getDocument({ data: new Uint8Array(await blob.arrayBuffer()), isEvalSupported: false }).promise;
  try {
    const page = await pdfDocument.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: PDF_LONG_SIDE / Math.max(natural.width, natural.height) });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    // Drawings are black lines on white paper; a transparent page would show the stage behind it.
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
    }
    await page.render({ canvas, viewport }).promise;
    return { source: canvas, width: canvas.width, height: canvas.height };
  } finally {
    void pdfDocument.destroy();
  }
}
