import { DocumentRefused } from './document-refused';
import { readDocument } from './document-reader';
import { renderPage } from './pdf-reader';
import type { ReaderReply, ReaderTask } from './reader-process';

/**
 * A reader process (started by reader-process.ts's pool): does each task it is sent, one at a time
 * (the pool sends the next only after the answer), keeping node, pdf.js and the OCR engine warm
 * between them; it ends by itself if the API that started it goes away.
 */
const reply = (message: ReaderReply) => process.send!(message);

process.once('disconnect', () => process.exit(0));
process.on('message', (task: ReaderTask) => {
  void run(task).then(reply);
});

async function run(task: ReaderTask): Promise<ReaderReply> {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  try {
    if (task.task === 'render') return { type: 'done', result: await renderPage(bytes, task.page) };
    const { pageImage, ...read } = await readDocument(bytes, {
      maxPages: task.maxPages,
      archive: task.archive,
      onProgress: (progress) => reply({ type: 'progress', progress }),
    });
    const keptImage = read.kind === 'tiff' && pageImage ? await pageImage(1) : null;
    return { type: 'done', result: { ...read, keptImage } };
  } catch (error) {
    if (error instanceof DocumentRefused) return { type: 'refused', message: error.message };
    return { type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
