import { Text } from '@fluentui/react-components';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DOCUMENT_TYPES, UPLOAD_STATUSES, uploadEndpoints, type UploadRow } from '@planta/contracts';
import { call, onCatchUp } from '@planta/session';
import { ResourceList, useFormat, usePageName, type ListFilter, type ResourceColumn } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { uploadsTexts } from '../i18n/uploads.texts';
import { useUploadProgressEvents } from './upload.client';
import { ConfidenceBadge, UploadStatusBadge } from './upload-badges';
import { UPLOAD_BASE_PATH, UPLOAD_NEW_PATH, uploadPath } from './upload.model';

registerDieshopTexts(uploadsTexts);

/** How often the list asks whether documents are still being read (uploads of other people send it no event). */
export const LIST_POLL_MS = 5000;

/** The documents being read now (queued or in process), counted; null when it cannot be told. */
async function readingCount(signal: AbortSignal): Promise<number | null> {
  try {
    const pages = await Promise.all(
      (['uploaded', 'processing'] as const).map((status) => call(uploadEndpoints.all, { query: { page: 1, pageSize: 1, status } }, { signal })),
    );
    return pages.reduce((sum, page) => sum + page.total, 0);
  } catch {
    return null;
  }
}

/**
 * The list reloads when a document of the user's is read (its `uploadProgress` says done or
 * error), when the socket reconnects, and, while any document is being read, when their count
 * changes (checked every few seconds).
 */
function useLiveReload(): number {
  const [reloadKey, setReloadKey] = useState(0);
  const [reading, setReading] = useState<number | null>(null);
  const last = useRef<number | null>(null);
  const bump = () => setReloadKey((key) => key + 1);

  useUploadProgressEvents((progress) => {
    if (progress.stage === 'done' || progress.stage === 'error') bump();
  });
  useEffect(() => onCatchUp(bump), []);
  useEffect(() => {
    const controller = new AbortController();
    readingCount(controller.signal).then((count) => {
      if (controller.signal.aborted) return;
      if (last.current !== null && count !== null && count !== last.current) bump();
      last.current = count;
      setReading(count);
    });
    return () => controller.abort();
  }, [reloadKey]);
  useEffect(() => {
    if (!reading) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      readingCount(controller.signal).then((count) => {
        if (!controller.signal.aborted && count !== null && count !== last.current) {
          last.current = count;
          setReading(count);
          bump();
        }
      });
    }, LIST_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [reading]);
  return reloadKey;
}

/**
 * /apps/ia-agent/list: the company's uploaded documents with their type, the dies found, state,
 * confidence, pages, who uploaded them and when; search, filters by state and type, Excel export
 * and 'Cargar documento'. A row opens its review.
 */
export default function UploadListPage() {
  const { t } = useTranslation(DIESHOP_NS);
  // Headed as its menu item names it (one key for both).
  const pageName = usePageName('smart-upload');
  const format = useFormat();
  const navigate = useNavigate();
  const reloadKey = useLiveReload();

  const columns = useMemo<ResourceColumn<UploadRow>[]>(() => {
    const statusLabels = UPLOAD_STATUSES.map((value) => ({ value, label: t(`uploads.status.${value}`) }));
    const typeLabels = DOCUMENT_TYPES.map((value) => ({ value, label: t(`uploads.docType.${value}`) }));
    const typeOf = (row: UploadRow) => (row.doc_type ? t(`uploads.docType.${row.doc_type}`) : t('uploads.noType'));
    return [
      {
        key: 'file_name',
        label: t('uploads.columns.file'),
        sortable: true,
        render: (row) => <Text weight="semibold">{row.file_name}</Text>,
        width: 32,
      },
      { key: 'doc_type', label: t('uploads.columns.type'), sortable: true, labels: typeLabels, render: typeOf, exportValue: typeOf, width: 26 },
      { key: 'dies', label: t('uploads.columns.dies'), sortable: true, render: (row) => row.dies || '—', width: 24 },
      { key: 'supplier', label: t('uploads.columns.supplier'), shown: false },
      {
        key: 'status',
        label: t('uploads.columns.status'),
        sortable: true,
        labels: statusLabels,
        render: (row) => <UploadStatusBadge status={row.status} />,
        exportValue: (row) => t(`uploads.status.${row.status}`),
        width: 14,
      },
      {
        key: 'confidence',
        label: t('uploads.columns.confidence'),
        sortable: true,
        render: (row) => <ConfidenceBadge confidence={row.confidence} />,
        exportValue: (row) => (row.confidence === null ? null : Math.round(row.confidence * 100) / 100),
      },
      { key: 'page_count', label: t('uploads.columns.pages'), render: (row) => (row.page_count === null ? '—' : String(row.page_count)) },
      { key: 'uploaded_by_name', label: t('uploads.columns.uploadedBy'), sortable: true, width: 22, priority: 3 },
      {
        key: 'uploaded_at',
        label: t('uploads.columns.uploadedAt'),
        sortable: true,
        render: (row) => format.dateTime(row.uploaded_at),
        exportValue: (row) => new Date(row.uploaded_at),
        width: 18,
      },
    ];
    // The labels follow the language, and the formats with it.
  }, [t, format.language]);

  const filters = useMemo<ListFilter[]>(
    () => [
      {
        key: 'status',
        label: t('uploads.columns.status'),
        type: 'choice',
        options: UPLOAD_STATUSES.map((value) => ({ value, label: t(`uploads.status.${value}`) })),
      },
      {
        key: 'doc_type',
        label: t('uploads.columns.type'),
        type: 'choice',
        options: DOCUMENT_TYPES.map((value) => ({ value, label: t(`uploads.docType.${value}`) })),
      },
    ],
    [t],
  );

  return (
    <ResourceList<UploadRow>
      list={uploadEndpoints.all}
      create={uploadEndpoints.upload}
      basePath={UPLOAD_BASE_PATH}
      title={pageName}
      columns={columns}
      emptyText={t('uploads.empty')}
      exportName={t('uploads.exportName')}
      defaultSort={{ key: 'uploaded_at', direction: 'desc' }}
      defaultPageSize={25}
      filters={filters}
      reloadKey={reloadKey}
      onOpen={(row) => navigate(uploadPath(row.id))}
      onCreate={() => navigate(UPLOAD_NEW_PATH)}
      createLabel={t('uploads.newUpload')}
    />
  );
}
