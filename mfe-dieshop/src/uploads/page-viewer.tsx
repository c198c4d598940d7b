import { Button, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadDetail } from '@planta/contracts';
import { useStoredFileUrl } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { uploadsTexts } from '../i18n/uploads.texts';
import { uploadPagePath } from './upload.client';
import { CONFIDENCE_BOX_COLOURS, confidenceLevel, type ReviewFieldRef } from './upload.model';

registerDieshopTexts(uploadsTexts);

const useStyles = makeStyles({
  viewer: { display: 'flex', flexDirection: 'column', gap: '8px', minWidth: 0 },
  pager: { display: 'flex', alignItems: 'center', gap: '8px', justifyContent: 'center' },
  sheet: {
    position: 'relative',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: '#fff',
    boxShadow: tokens.shadow4,
    lineHeight: 0,
  },
  image: { display: 'block', width: '100%', height: 'auto' },
  placeholder: { display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '320px', lineHeight: 'normal' },
  box: {
    position: 'absolute',
    padding: 0,
    margin: 0,
    border: '2px solid transparent',
    borderRadius: '2px',
    backgroundColor: 'transparent',
    cursor: 'pointer',
    boxSizing: 'border-box',
    ':hover': { backgroundColor: 'rgba(0, 120, 212, 0.12)' },
  },
  active: { outline: '2px solid rgba(0, 0, 0, 0.6)', backgroundColor: 'rgba(255, 200, 0, 0.30)', boxShadow: '0 0 0 3px rgba(255, 200, 0, 0.55)', zIndex: 1 },
  empty: { color: tokens.colorNeutralForeground3, lineHeight: 'normal', padding: '24px' },
});

/**
 * The left pane of the review (domain.md D3): a page of the document as the server drew it, read
 * with the session's token, and a box over each value read on it, coloured by its confidence. A
 * click on a box picks its field; the picked field's box is highlighted and scrolled into view.
 */
export function PageViewer({
  detail,
  refs,
  page,
  onPage,
  activePath,
  onPick,
  labelOf,
}: {
  detail: Pick<UploadDetail, 'id' | 'pages'>;
  refs: readonly ReviewFieldRef[];
  page: number;
  onPage: (page: number) => void;
  activePath: string | null;
  onPick: (path: string) => void;
  labelOf: (ref: ReviewFieldRef) => string;
}) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const index = Math.max(
    0,
    detail.pages.findIndex((candidate) => candidate.number === page),
  );
  const current = detail.pages[index];
  const src = useStoredFileUrl(current?.image ? uploadPagePath(detail.id, current.number) : null);
  const activeBox = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    activeBox.current?.scrollIntoView?.({ block: 'center', inline: 'nearest', behavior: 'smooth' });
  }, [activePath, page, src]);

  if (!current) return <Text className={styles.empty}>{t('uploads.noImage')}</Text>;
  const boxes = refs.filter((ref) => ref.extracted?.box && (ref.extracted.page ?? 1) === current.number);

  return (
    <div className={styles.viewer}>
      {detail.pages.length > 1 ? (
        <div className={styles.pager}>
          <Button
            appearance="subtle"
            icon={<ChevronLeftRegular />}
            aria-label={t('uploads.previousPage')}
            disabled={index === 0}
            onClick={() => onPage(detail.pages[index - 1].number)}
          />
          <Text>{t('uploads.page', { n: index + 1, count: detail.pages.length })}</Text>
          <Button
            appearance="subtle"
            icon={<ChevronRightRegular />}
            aria-label={t('uploads.nextPage')}
            disabled={index === detail.pages.length - 1}
            onClick={() => onPage(detail.pages[index + 1].number)}
          />
        </div>
      ) : null}
      {current.image ? (
        <div className={styles.sheet} style={{ aspectRatio: current.width > 0 && current.height > 0 ? `${current.width} / ${current.height}` : undefined }}>
          {src ? (
            <img className={styles.image} src={src} alt={t('uploads.pageImage', { n: current.number })} />
          ) : (
            <div className={styles.placeholder}>
              <Spinner aria-label={t('uploads.pageImage', { n: current.number })} />
            </div>
          )}
          {boxes.map((ref) => {
            const box = ref.extracted!.box!;
            const active = ref.path === activePath;
            return (
              <button
                key={ref.path}
                ref={active ? activeBox : undefined}
                type="button"
                className={mergeClasses(styles.box, active && styles.active)}
                data-testid={`box-${ref.path}`}
                data-active={active || undefined}
                aria-label={t('uploads.boxOf', { field: labelOf(ref), value: ref.extracted!.value ?? '' })}
                title={t('uploads.boxOf', { field: labelOf(ref), value: ref.extracted!.value ?? '' })}
                style={{
                  left: `${box.x * 100}%`,
                  top: `${box.y * 100}%`,
                  width: `${Math.max(box.width * 100, 0.5)}%`,
                  height: `${Math.max(box.height * 100, 0.5)}%`,
                  borderColor: CONFIDENCE_BOX_COLOURS[confidenceLevel(ref.extracted!.confidence)],
                }}
                onClick={() => onPick(ref.path)}
              />
            );
          })}
        </div>
      ) : (
        <Text className={styles.empty}>{t('uploads.noImage')}</Text>
      )}
    </div>
  );
}
