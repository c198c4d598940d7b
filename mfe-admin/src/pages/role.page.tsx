import { Badge, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { roleCreateSchema, roleEndpoints, type RoleRecord } from '@planta/contracts';
import { FormPage, FormSection, FormTextField, ResourceList, useFormat, useRoleLabel, type ResourceColumn } from '@planta/ui';
import { useRecordForm } from '../components/record-form';
import { RecordTabs } from '../components/record-tabs';
import '../i18n';

const BASE = '/apps/role';

/** The roles screen (`/apps/role/all`, `/apps/role/<id>`, `/apps/role/new`). */
export default function RolePage() {
  const { id } = useParams();
  return id === 'all' ? <RoleList /> : <RoleForm key={id} />;
}

/** The four built-in roles and the active company's own. */
function RoleList() {
  const { t } = useTranslation(['admin', 'common']);
  const roleLabel = useRoleLabel();
  const format = useFormat();
  const columns = useMemo<ResourceColumn<RoleRecord>[]>(() => {
    const kind = (role: RoleRecord) => (role.built_in ? t('admin:role.builtIn') : t('admin:role.own'));
    return [
      {
        key: 'name',
        label: t('admin:role.fields.name'),
        sortable: true,
        width: 20,
        render: (role) => roleLabel(role.name),
        exportValue: (role) => roleLabel(role.name),
      },
      { key: 'description', label: t('admin:role.fields.description'), sortable: true, width: 50 },
      {
        key: 'built_in',
        label: t('admin:role.fields.built_in'),
        sortable: true,
        width: 20,
        render: (role) => (
          <Badge appearance="tint" color={role.built_in ? 'informative' : 'brand'}>
            {kind(role)}
          </Badge>
        ),
        exportValue: kind,
      },
      {
        key: 'holders',
        label: t('admin:role.fields.holders'),
        sortable: true,
        width: 10,
        render: (role) => format.number(role.holders),
        exportValue: (role) => role.holders,
      },
    ];
  }, [t, format, roleLabel]);
  return (
    <ResourceList<RoleRecord>
      list={roleEndpoints.list}
      create={roleEndpoints.create}
      basePath={BASE}
      title={t('admin:role.title')}
      emptyText={t('admin:role.empty')}
      exportName={t('admin:role.exportName')}
      columns={columns}
      defaultSort={{ key: 'name', direction: 'asc' }}
    />
  );
}

interface RoleValues {
  name: string;
  description: string;
}

/** A role's name and description; the built-in ones are shown read only. */
function RoleForm() {
  const { t } = useTranslation(['admin', 'common']);
  const page = useRecordForm<RoleRecord, RoleValues>({
    basePath: BASE,
    calls: roleEndpoints,
    schema: roleCreateSchema,
    empty: { name: '', description: '' },
    toValues: ({ name, description }) => ({ name, description }),
  });
  const { record } = page;
  const builtIn = record?.built_in ?? false;
  const state = { ...page, canSave: page.canSave && !builtIn, canDelete: page.canDelete && !builtIn };
  const title = page.isNew ? t('admin:role.newTitle') : t('admin:role.editTitle', { name: record?.name ?? '' });
  return (
    <RecordTabs title={title} entity="role" entityId={record?.id ?? null}>
      <FormPage title={title} page={state}>
        {builtIn ? (
          <MessageBar intent="info">
            <MessageBarBody>{t('admin:role.builtInNotice')}</MessageBarBody>
          </MessageBar>
        ) : page.isNew ? (
          <MessageBar intent="info">
            <MessageBarBody>{t('admin:role.newNotice')}</MessageBarBody>
          </MessageBar>
        ) : null}
        <FormSection>
          <FormTextField name="name" control={page.form.control} label={t('admin:role.fields.name')} required autoFocus={page.isNew} />
          <FormTextField name="description" control={page.form.control} label={t('admin:role.fields.description')} multiline />
        </FormSection>
        {record ? <p>{t('admin:role.holdersText', { count: record.holders })}</p> : null}
      </FormPage>
    </RecordTabs>
  );
}
