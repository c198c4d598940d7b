/**
 * A document the reader will not (or cannot) read, with a Spanish message that the upload screen
 * shows as is. Every failure the uploader can fix (too many pages, a damaged file, a wrong type)
 * is this error, so callers can tell it from a bug.
 */
export class DocumentRefused extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DocumentRefused';
  }
}

/** Runs `work` and turns any error that is not already a `DocumentRefused` into one with `message`. */
export async function refuseOnError<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DocumentRefused) throw error;
    throw new DocumentRefused(message, { cause: error });
  }
}
