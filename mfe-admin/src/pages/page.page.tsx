import { Badge, Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { ArrowUndoRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AREAS, pageEndpoints, pageUpdateSchema, type PageRecord } from '@planta/contracts';
import { Facts, FormPage, FormSection, FormTextField, ResourceList, type ResourceColumn } from '@planta/ui';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useRecordForm } from '../components/record-form';
import { RecordTabs } from '../components/record-tabs';
import '../i18n';

const BASE = '/apps/page';

/** The pages screen (`/apps/page/all`, `/apps/page/<id>`): the catalogue comes from the code, so nothing is created or deleted. */
export default function PagePage() {
  const { id } = useParams();
  return id === 'all' ? <PageList /> : <PageForm key={id} />;
}

/** The area of a page, as the navigation names it. */
function useAreaLabel() {
  const { t } = useTranslation('shell');
  return (area: string) => t(`navigation.groups.${area}`, { defaultValue: area });
}

function PageList() {
  const { t } = useTranslation(['admin', 'common']);
  const areaLabel = useAreaLabel();
  const columns = useMemo<ResourceColumn<PageRecord>[]>(() => {
    const own = (page: PageRecord) => (page.customised ? t('admin:page.customised') : t('admin:page.original'));
    return [
      { key: 'name', label: t('admin:page.fields.name'), sortable: true, width: 28 },
      { key: 'description', label: t('admin:page.fields.description'), sortable: true, width: 50 },
      { key: 'alias', label: t('admin:page.fields.alias'), sortable: true, width: 24 },
      {
        key: 'area',
        label: t('admin:page.fields.area'),
        sortable: true,
        width: 20,
        labels: AREAS.map((area) => ({ value: area, label: areaLabel(area) })),
        render: (page) => areaLabel(page.area),
        exportValue: (page) => areaLabel(page.area),
      },
      {
        key: 'customised',
        label: t('admin:page.fields.customised'),
        width: 16,
        render: (page) =>
          page.customised ? (
            <Badge appearance="tint" color="brand">
              {own(page)}
            </Badge>
          ) : (
            own(page)
          ),
        exportValue: own,
      },
    ];
  }, [t, areaLabel]);
  return (
    <ResourceList<PageRecord>
      list={pageEndpoints.list}
      basePath={BASE}
      title={t('admin:page.title')}
      emptyText={t('admin:page.empty')}
      exportName={t('admin:page.exportName')}
      columns={columns}
      defaultSort={{ key: 'name', direction: 'asc' }}
      defaultPageSize={50}
    />
  );
}

interface PageValues {
  name: string;
  description: string;
}

/** The company's name and description of a page; alias and area read only; back to the catalogue's. */
function PageForm() {
  const { t } = useTranslation(['admin', 'common']);
  const areaLabel = useAreaLabel();
  const [restoring, setRestoring] = useState(false);
  const page = useRecordForm<PageRecord, PageValues>({
    basePath: BASE,
    calls: pageEndpoints,
    schema: pageUpdateSchema.required(),
    empty: { name: '', description: '' },
    toValues: ({ name, description }) => ({ name, description }),
  });
  const { record } = page;
  const title = t('admin:page.editTitle', { name: record?.name ?? '' });
  return (
    <RecordTabs title={title} entity="page" entityId={record?.id ?? null}>
      <FormPage title={title} page={page}>
        <MessageBar intent="info">
          <MessageBarBody>{t('admin:page.notice')}</MessageBarBody>
        </MessageBar>
        {record ? (
          <Facts
            items={[
              [t('admin:page.fields.alias'), record.alias],
              [t('admin:page.fields.area'), areaLabel(record.area)],
            ]}
          />
        ) : null}
        <FormSection>
          <FormTextField
            name="name"
            control={page.form.control}
            label={t('admin:page.fields.name')}
            required
            hint={record?.customised ? t('admin:page.catalogue', { name: record.catalogue_name }) : undefined}
          />
          <FormTextField name="description" control={page.form.control} label={t('admin:page.fields.description')} multiline />
        </FormSection>
        {record?.customised && page.canSave ? (
          <div>
            <Button type="button" icon={<ArrowUndoRegular />} onClick={() => setRestoring(true)}>
              {t('admin:page.restore')}
            </Button>
          </div>
        ) : null}
      </FormPage>
      {record ? (
        <ConfirmDialog
          open={restoring}
          title={t('admin:page.confirmRestoreTitle')}
          message={t('admin:page.confirmRestore', { name: record.catalogue_name })}
          onCancel={() => setRestoring(false)}
          onConfirm={async () => {
            await page.change({ name: record.catalogue_name, description: record.catalogue_description }, t('admin:page.restored'));
            setRestoring(false);
          }}
        />
      ) : null}
    </RecordTabs>
  );
}
