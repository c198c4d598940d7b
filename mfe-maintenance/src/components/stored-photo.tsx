import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { accessTokenAtom, apiUrl, sessionStore } from '@planta/session';

/**
 * The object URL of a stored file (`/api/file/:id`), fetched with the session's token: an <img>
 * cannot send the Authorization header, and files are for members of the company only. The
 * browser caches the answer for good (its content never changes), so reopening a report is free.
 */
export function useStoredFileUrl(url: string | null): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let created: string | null = null;
    const token = sessionStore.get(accessTokenAtom);
    fetch(apiUrl(url), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  return objectUrl;
}

const useStyles = makeStyles({
  image: { display: 'block', width: '100%', height: '100%', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  full: { display: 'block', width: '100%', maxHeight: '75vh', margin: '0 auto', objectFit: 'contain' },
  placeholder: { display: 'flex', alignItems: 'center', justifyContent: 'center', width: '100%', height: '100%' },
});

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
