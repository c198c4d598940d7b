import { useEffect, useRef, useState } from 'react';
import { fillPath, liveEvents, uploadEndpoints, type UploadDetail, type UploadProgress } from '@planta/contracts';
import {
  accessTokenAtom,
  ApiRequestError,
  apiUrl,
  call,
  clearSession,
  onCatchUp,
  parseApiError,
  sessionMessages,
  sessionStore,
  subscribe,
} from '@planta/session';
import { isReading } from './upload.model';

/**
 * Sends a document (`POST /api/upload`, multipart `file`) and reports the share of its bytes sent:
 * the typed client has no upload progress, so this one request goes through XMLHttpRequest, with
 * the session's token and the API's errors read as the client reads them (413, 415, 400 in Spanish).
 */
export function sendDocument(file: File, onProgress: (sent: number) => void, signal?: AbortSignal): Promise<UploadDetail> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(uploadEndpoints.upload.path));
    request.setRequestHeader('Accept', 'application/json');
    const token = sessionStore.get(accessTokenAtom);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = undefined;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = request.responseText;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body as UploadDetail);
        return;
      }
      const failure = new ApiRequestError(parseApiError(request.status, body, request.statusText));
      if (request.status === 401) clearSession('unauthorized');
      reject(failure);
    };
    request.onerror = () => reject(new ApiRequestError({ statusCode: 0, message: sessionMessages.writeUnconfirmed, error: 'Network Error' }));
    request.onabort = () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
}

/** A path of the upload API with its parameters (`upload/7/page/1`), for the authenticated file readers. */
export const uploadFilePath = (id: number) => fillPath(uploadEndpoints.file.path, { id });
export const uploadPagePath = (id: number, page: number) => fillPath(uploadEndpoints.page.path, { id, page });

/**
 * The company's upload limit in MB, to refuse a large file before it is sent; null until known
 * (the API refuses an oversized file then, with the same message).
 */
export function useSmartUploadLimit(): number | null {
  const [limitMb, setLimitMb] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    call(uploadEndpoints.limit, {}, { signal: controller.signal }).then(
      (limit) => !controller.signal.aborted && setLimitMb(limit.upload_limit_mb),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return limitMb;
}

/** Calls `handler` with each progress event of the uploader's documents (all of them, or one). */
export function useUploadProgressEvents(handler: (progress: UploadProgress) => void, uploadId?: number | null) {
  const current = useRef(handler);
  current.current = handler;
  useEffect(
    () =>
      subscribe<UploadProgress>(liveEvents.uploadProgress, (progress) => {
        if (uploadId === undefined || progress.upload_id === uploadId) current.current(progress);
      }),
    [uploadId],
  );
}

/** How often a document being read is asked for again (an event may come from another process, or be missed). */
export const READING_POLL_MS = 3000;

/**
 * A document being read: its detail, kept up to date while it is read from its live progress
 * events ('Leyendo PDF', 'OCR página 2/3'), again when the socket reconnects, and every few seconds
 * meanwhile. Reading ends with the detail of 'para revisar' or 'error'.
 */
export function useReadingUpload(id: number | null, initial: UploadDetail | null = null) {
  const [detail, setDetail] = useState<UploadDetail | null>(initial);
  const [progress, setProgress] = useState<UploadProgress | null>(initial?.progress ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const [refresh, setRefresh] = useState(0);
  const reading = detail === null || isReading(detail.status);

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    call(uploadEndpoints.get, { params: { id } }, { signal: controller.signal }).then(
      (answer) => {
        setDetail(answer);
        setFailure(null);
        if (answer.progress)
          setProgress((known) => (known && known.progress > answer.progress!.progress && isReading(answer.status) ? known : answer.progress));
      },
      (error: unknown) => !controller.signal.aborted && setFailure(error instanceof Error ? error.message : String(error)),
    );
    return () => controller.abort();
  }, [id, refresh]);

  useEffect(() => {
    if (id === null || !reading) return;
    const timer = setInterval(() => setRefresh((count) => count + 1), READING_POLL_MS);
    const stopCatchUp = onCatchUp(() => setRefresh((count) => count + 1));
    return () => {
      clearInterval(timer);
      stopCatchUp();
    };
  }, [id, reading]);

  useUploadProgressEvents((event) => {
    setProgress(event);
    if (event.stage === 'done' || event.stage === 'error' || event.status !== detail?.status) setRefresh((count) => count + 1);
  }, id);

  return { detail, setDetail, progress, failure, reload: () => setRefresh((count) => count + 1) };
}
