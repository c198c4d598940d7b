import { makeStyles, Title3, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { uploadEndpoints, type SourceDocument } from '@planta/contracts';
import { call, canOn } from '@planta/session';
import { useCan, useFormat, useGrants } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { uploadsTexts } from '../i18n/uploads.texts';
import { uploadPath } from './upload.model';

registerDieshopTexts(uploadsTexts);

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { margin: 0, paddingInlineStart: '20px', display: 'flex', flexDirection: 'column', gap: '4px' },
});

/**
 * 'Documentos de origen' of a die copy or a nitriding batch: the confirmed documents it came from
 * ('Certificado CN-2025-0457 · cargado por … el …'), each opening its review. Shown only when there
 * are some and the user may read the upload agent's pages.
 */
export function SourceDocuments({ of, id }: { of: 'die' | 'nitriding-batch'; id: number }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const endpoint = of === 'die' ? uploadEndpoints.dieSources : uploadEndpoints.nitridingSources;
  const grants = useGrants();
  const mayCall = useCan(endpoint);
  const mayRead = mayCall && canOn(grants, 'smart-upload', 'read');
  const [documents, setDocuments] = useState<SourceDocument[]>([]);

  useEffect(() => {
    if (!mayRead) return;
    const controller = new AbortController();
    call(endpoint, { params: { id } }, { signal: controller.signal }).then(
      (list) => !controller.signal.aborted && setDocuments(list),
      () => undefined,
    );
    return () => controller.abort();
  }, [endpoint, id, mayRead]);

  if (!mayRead || documents.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={`sources-${of}-${id}`} data-testid="source-documents">
      <Title3 as="h2" id={`sources-${of}-${id}`}>
        {t('uploads.sources')}
      </Title3>
      <ul className={styles.list}>
        {documents.map((document) => (
          <li key={document.upload_id}>
            <RouterLink to={uploadPath(document.upload_id)}>
              {t('uploads.source', {
                type: t(`uploads.docShort.${document.doc_type}`),
                number: document.number || document.file_name,
                name: document.confirmed_by_name,
                date: format.date(document.confirmed_at),
              })}
            </RouterLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
