import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Link,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { CameraRegular, DismissRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureReportMessages, fileEndpoints, MAX_REPORT_PHOTOS, PHOTO_CONTENT_TYPES } from '@planta/contracts';
import { accessTokenAtom, apiUrl, call, sessionStore } from '@planta/session';

const useStyles = makeStyles({
  picked: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'center' },
  thumb: { position: 'relative', width: '104px', height: '104px' },
  thumbImage: { width: '100%', height: '100%', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, display: 'block' },
  remove: { position: 'absolute', top: '4px', insetInlineEnd: '4px' },
  hiddenInput: { display: 'none' },
  gallery: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(var(--photo-size, 140px), 1fr))', gap: '12px' },
  enlarge: {
    aspectRatio: '1',
    padding: 0,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    cursor: 'zoom-in',
    backgroundColor: 'transparent',
  },
  image: { display: 'block', width: '100%', height: '100%', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  full: { display: 'block', width: '100%', maxHeight: '75vh', margin: '0 auto', objectFit: 'contain' },
  placeholder: { display: 'flex', alignItems: 'center', justifyContent: 'center', width: '100%', height: '100%' },
});

/** The active company's upload limit in MB (null until known), for refusing a large file before it is sent. */
export function useUploadLimit(): number | null {
  const [limitMb, setLimitMb] = useState<number | null>(null);
  useEffect(() => {
    let gone = false;
    call(fileEndpoints.limit).then(
      (limit) => !gone && setLimitMb(limit.upload_limit_mb),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, []);
  return limitMb;
}

/** The spec's refusal of a file over the company's upload limit (none while the limit is unknown: the API checks it too). */
export function tooLargeRefusal(file: File, limitMb: number | null): string | undefined {
  return limitMb !== null && file.size > limitMb * 1024 * 1024 ? failureReportMessages.fileTooLarge(limitMb) : undefined;
}

/** A photo taken or chosen on this device, not sent yet, with its preview. */
export interface PickedPhoto {
  file: File;
  preview: string;
}

/**
 * The photos a form sends with its record (a failure report, a die cleaning): checked at once
 * against the company's upload limit, the accepted types and the most one request may carry, with
 * the same Spanish refusals the API gives; previews are released when removed or when the form goes.
 */
export function usePhotoPicker() {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const limitMb = useUploadLimit();
  const [refusal, setRefusal] = useState<string | undefined>();
  const current = useRef(photos);
  current.current = photos;

  useEffect(() => () => current.current.forEach((photo) => URL.revokeObjectURL(photo.preview)), []);

  const add = useCallback(
    (files: readonly File[]) => {
      const added: PickedPhoto[] = [];
      let refused: string | undefined;
      for (const file of files) {
        const tooLarge = tooLargeRefusal(file, limitMb);
        if (tooLarge) refused = tooLarge;
        else if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type)) refused = failureReportMessages.fileType;
        else if (current.current.length + added.length >= MAX_REPORT_PHOTOS) refused = failureReportMessages.tooManyPhotos(MAX_REPORT_PHOTOS);
        else added.push({ file, preview: URL.createObjectURL(file) });
      }
      setPhotos((kept) => [...kept, ...added]);
      setRefusal(refused);
    },
    [limitMb],
  );

  const remove = useCallback((index: number) => {
    setPhotos((kept) => {
      const gone = kept[index];
      if (gone) URL.revokeObjectURL(gone.preview);
      return kept.filter((_, position) => position !== index);
    });
    setRefusal(undefined);
  }, []);

  /** Puts the photos in a multipart body under `field` (what the API's photo uploads read). */
  const appendTo = useCallback((body: FormData, field = 'photos') => {
    for (const photo of current.current) body.append(field, photo.file, photo.file.name);
  }, []);

  return { photos, limitMb, refusal, add, remove, appendTo };
}

export type PhotoPickerState = ReturnType<typeof usePhotoPicker>;

/**
 * The photos field of a shop-floor form: a large button that opens the tablet's camera (or the
 * gallery), the previews with a remove button each, and the refusal of a photo that cannot go.
 */
export function PhotoPicker({ picker, error, testId }: { picker: PhotoPickerState; error?: string; testId?: string }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Field
      label={t('photos.label')}
      hint={picker.limitMb === null ? undefined : t('photos.hint', { mb: picker.limitMb })}
      validationMessage={picker.refusal ?? error}
    >
      <div className={styles.picked}>
        {picker.photos.map((photo, index) => (
          <div key={photo.preview} className={styles.thumb}>
            <img src={photo.preview} alt={photo.file.name} className={styles.thumbImage} />
            <Button
              className={styles.remove}
              size="small"
              shape="circular"
              icon={<DismissRegular />}
              aria-label={t('photos.remove', { name: photo.file.name })}
              onClick={() => picker.remove(index)}
            />
          </div>
        ))}
        <Button size="large" icon={<CameraRegular />} onClick={() => input.current?.click()}>
          {t('photos.add')}
        </Button>
        <input
          ref={input}
          className={styles.hiddenInput}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          data-testid={testId}
          onChange={(event) => {
            picker.add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </div>
    </Field>
  );
}

/** The bytes of a stored file (`/api/file/:id`) with their content type, fetched with the session's token. */
export async function storedFileBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = sessionStore.get(accessTokenAtom);
  const response = await fetch(apiUrl(url), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) throw new Error(`${response.status}`);
  return response.blob();
}

/** The bytes of a stored file as an object URL, fetched with the session's token. */
async function storedFileObjectUrl(url: string): Promise<string> {
  return URL.createObjectURL(await storedFileBlob(url));
}

/**
 * The object URL of a stored file (`/api/file/:id`), fetched with the session's token: an <img>
 * cannot send the Authorization header, and files are for members of the company only. The
 * browser caches the answer for good (its content never changes), so reopening a record is free.
 */
export function useStoredFileUrl(url: string | null): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let created: string | null = null;
    let gone = false;
    storedFileObjectUrl(url).then(
      (made) => {
        if (gone) URL.revokeObjectURL(made);
        else setObjectUrl((created = made));
      },
      () => undefined,
    );
    return () => {
      gone = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  return objectUrl;
}

/** Where no tab may open, the file is saved instead (the portal itself stays where it is). */
function saveObjectUrl(objectUrl: string): void {
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = '';
  anchor.click();
}

/**
 * A link to a stored file (a drawing, a certificate) that opens it in a new tab. A plain link
 * cannot send the session's token, so the tab is opened at the click (no popup blocker stops it)
 * and shown the file once it has arrived; a file that cannot be read closes the tab again.
 */
export function StoredFileLink({ url, children }: { url: string; children: ReactNode }) {
  return (
    <Link
      href={url}
      onClick={(event) => {
        event.preventDefault();
        const tab = window.open('', '_blank');
        storedFileObjectUrl(url).then(
          (objectUrl) => {
            if (tab) tab.location.href = objectUrl;
            else saveObjectUrl(objectUrl);
            // The tab keeps the document; the URL is let go once it has surely loaded.
            setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
          },
          () => tab?.close(),
        );
      }}
    >
      {children}
    </Link>
  );
}

/** A stored photo, cropped to its box, or whole (`full`, in the enlarged view). */
export function StoredPhoto({ url, alt, full }: { url: string; alt: string; full?: boolean }) {
  const styles = useStyles();
  const src = useStoredFileUrl(url);
  if (!src)
    return (
      <span className={styles.placeholder}>
        <Spinner size="tiny" />
      </span>
    );
  return <img src={src} alt={alt} className={full ? styles.full : styles.image} />;
}

/** A photo kept with a record: where it is read from and what it is called. */
export interface GalleryPhoto {
  key: string | number;
  url: string;
  name: string;
}

/** The stored photos of a record as square thumbnails (`size` px at least); one opens large in a dialog. */
export function PhotoGallery({ photos, size = 140 }: { photos: readonly GalleryPhoto[]; size?: number }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const [enlarged, setEnlarged] = useState<GalleryPhoto | null>(null);
  return (
    <>
      <div className={styles.gallery} style={{ ['--photo-size' as string]: `${size}px` }}>
        {photos.map((photo) => (
          <button
            key={photo.key}
            type="button"
            className={styles.enlarge}
            aria-label={t('photos.enlarge', { name: photo.name })}
            onClick={() => setEnlarged(photo)}
          >
            <StoredPhoto url={photo.url} alt={photo.name} />
          </button>
        ))}
      </div>
      <Dialog open={enlarged !== null} onOpenChange={(_, data) => (data.open ? undefined : setEnlarged(null))}>
        <DialogSurface style={{ maxWidth: 'min(92vw, 1100px)' }}>
          <DialogBody>
            <DialogTitle>{enlarged?.name}</DialogTitle>
            <DialogContent>{enlarged ? <StoredPhoto url={enlarged.url} alt={enlarged.name} full /> : null}</DialogContent>
            <DialogActions>
              <Button onClick={() => setEnlarged(null)}>{t('actions.close')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
