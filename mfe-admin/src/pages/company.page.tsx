import { Badge, Body1, Button, makeStyles, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  companyAdminEndpoints,
  companyCreateSchema,
  currencyCodes,
  DEFAULT_CURRENCY,
  DEFAULT_TIME_ZONE,
  DEFAULT_UPLOAD_LIMIT_MB,
  type CompanyRecord,
} from '@planta/contracts';
import { RegistrationInvitation } from '../components/registration-invitation';
import { FormNumberField, FormPage, FormSection, FormSelect, FormTextField, ResourceList, useCan, useFormat, type ResourceColumn } from '@planta/ui';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useRecordForm } from '../components/record-form';
import { RecordTabs } from '../components/record-tabs';
import { TimeZoneField } from '../components/time-zone-field';
import '../i18n';

const BASE = '/apps/company';

/** The companies screen (`/apps/company/all`, `/apps/company/<id>`, `/apps/company/new`). */
export default function CompanyPage() {
  const { id } = useParams();
  return id === 'all' ? <CompanyList /> : <CompanyForm key={id} />;
}

/** The companies the administrator belongs to. */
function CompanyList() {
  const { t } = useTranslation(['admin', 'common']);
  const format = useFormat();
  const styles = useStyles();
  const columns = useMemo<ResourceColumn<CompanyRecord>[]>(() => {
    const status = (company: CompanyRecord) => (company.active ? t('admin:company.active') : t('admin:company.inactive'));
    return [
      {
        key: 'name',
        label: t('admin:company.fields.name'),
        sortable: true,
        width: 28,
        render: (company) => (
          <span className={styles.name}>
            {company.name}
            {company.current ? (
              <Badge appearance="tint" color="brand" size="small">
                {t('admin:company.current')}
              </Badge>
            ) : null}
          </span>
        ),
        exportValue: (company) => company.name,
      },
      { key: 'tax_id', label: t('admin:company.fields.tax_id'), sortable: true, width: 14 },
      { key: 'address', label: t('admin:company.fields.address'), sortable: true, width: 40 },
      { key: 'time_zone', label: t('admin:company.fields.time_zone'), sortable: true, width: 18 },
      { key: 'currency', label: t('admin:company.fields.currency'), sortable: true, width: 8 },
      {
        key: 'upload_limit_mb',
        label: t('admin:company.fields.upload_limit_mb'),
        sortable: true,
        width: 12,
        render: (company) => format.number(company.upload_limit_mb),
        exportValue: (company) => company.upload_limit_mb,
      },
      {
        key: 'member_count',
        label: t('admin:company.fields.member_count'),
        sortable: true,
        width: 10,
        render: (company) => format.number(company.member_count),
        exportValue: (company) => company.member_count,
      },
      {
        key: 'active',
        label: t('admin:company.fields.active'),
        sortable: true,
        width: 12,
        render: (company) => (
          <Badge appearance="tint" color={company.active ? 'success' : 'danger'}>
            {status(company)}
          </Badge>
        ),
        exportValue: status,
      },
    ];
  }, [t, format, styles]);
  return (
    <ResourceList<CompanyRecord>
      list={companyAdminEndpoints.list}
      create={companyAdminEndpoints.create}
      basePath={BASE}
      title={t('admin:company.title')}
      emptyText={t('admin:company.empty')}
      exportName={t('admin:company.exportName')}
      columns={columns}
      defaultSort={{ key: 'name', direction: 'asc' }}
      actions={<RegistrationInvitation />}
    />
  );
}

interface CompanyValues {
  name: string;
  tax_id: string;
  address: string;
  time_zone: string;
  currency: string;
  upload_limit_mb: string | number;
}

const EMPTY: CompanyValues = {
  name: '',
  tax_id: '',
  address: '',
  time_zone: DEFAULT_TIME_ZONE,
  currency: DEFAULT_CURRENCY,
  upload_limit_mb: String(DEFAULT_UPLOAD_LIMIT_MB),
};

const useStyles = makeStyles({
  status: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap', gridColumn: '1 / -1' },
  notice: { gridColumn: '1 / -1' },
  // The name and its 'Empresa actual' badge: the badge goes under the name when the column is narrow, never over the next one.
  name: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '6px', rowGap: '2px' },
});

/** A company's details and plant settings; its activation; its history. */
function CompanyForm() {
  const { t } = useTranslation(['admin', 'common']);
  const styles = useStyles();
  const page = useRecordForm<CompanyRecord, CompanyValues>({
    basePath: BASE,
    calls: companyAdminEndpoints,
    schema: companyCreateSchema,
    numberFields: ['upload_limit_mb'],
    empty: EMPTY,
    toValues: ({ name, tax_id, address, time_zone, currency, upload_limit_mb }) => ({
      name,
      tax_id,
      address,
      time_zone,
      currency,
      upload_limit_mb: String(upload_limit_mb),
    }),
  });
  const { form, record } = page;
  const mayUpdate = useCan(companyAdminEndpoints.update);
  const [confirming, setConfirming] = useState(false);
  // A company is changed only where the caller holds the grant; the one they work in is neither deactivated nor deleted here.
  const manageable = page.isNew || (record?.manageable ?? false);
  const state = { ...page, canSave: page.canSave && manageable, canDelete: page.canDelete && manageable && !record?.current };
  const title = page.isNew ? t('admin:company.newTitle') : t('admin:company.editTitle', { name: record?.name ?? '' });
  const control = form.control;
  const { language } = useFormat();
  // 'EUR — euro': the code the company keeps and its name in the user's language.
  const currencies = useMemo(() => {
    const names = new Intl.DisplayNames(language, { type: 'currency' });
    return currencyCodes().map((code) => ({ value: code, label: `${code} — ${names.of(code) ?? code}` }));
  }, [language]);

  return (
    <RecordTabs title={title} entity="company" entityId={record?.id ?? null}>
      <FormPage title={title} page={state}>
        {!page.isNew && record && !manageable ? (
          <MessageBar intent="info">
            <MessageBarBody>{t('admin:company.hints.readOnly')}</MessageBarBody>
          </MessageBar>
        ) : null}
        <FormSection title={t('admin:company.sections.details')}>
          <FormTextField name="name" control={control} label={t('admin:company.fields.name')} required autoFocus={page.isNew} />
          <FormTextField name="tax_id" control={control} label={t('admin:company.fields.tax_id')} />
          <FormTextField name="address" control={control} label={t('admin:company.fields.address')} multiline />
        </FormSection>
        <FormSection title={t('admin:company.sections.plant')}>
          <TimeZoneField name="time_zone" control={control} label={t('admin:company.fields.time_zone')} hint={t('admin:company.hints.time_zone')} />
          <FormSelect
            name="currency"
            control={control}
            label={t('admin:company.fields.currency')}
            hint={t('admin:company.hints.currency')}
            options={currencies}
            required
          />
          <FormNumberField
            name="upload_limit_mb"
            control={control}
            label={t('admin:company.fields.upload_limit_mb')}
            hint={t('admin:company.hints.upload_limit_mb')}
            required
          />
        </FormSection>
        {record ? (
          <FormSection title={t('admin:company.sections.status')}>
            <div className={styles.status}>
              <Badge appearance="tint" color={record.active ? 'success' : 'danger'}>
                {record.active ? t('admin:company.active') : t('admin:company.inactive')}
              </Badge>
              <Body1>{record.active ? t('admin:company.activeText') : t('admin:company.inactiveText')}</Body1>
              {mayUpdate && manageable && !record.current ? (
                <Button type="button" onClick={() => setConfirming(true)}>
                  {record.active ? t('admin:company.deactivate') : t('admin:company.activate')}
                </Button>
              ) : null}
            </div>
            {record.current ? (
              <MessageBar intent="info" className={styles.notice}>
                <MessageBarBody>{t('admin:company.hints.current')}</MessageBarBody>
              </MessageBar>
            ) : null}
          </FormSection>
        ) : null}
      </FormPage>
      {record ? (
        <ConfirmDialog
          open={confirming}
          title={record.active ? t('admin:company.confirmDeactivateTitle') : t('admin:company.confirmActivateTitle')}
          message={record.active ? t('admin:company.confirmDeactivate', { name: record.name }) : t('admin:company.confirmActivate', { name: record.name })}
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            const active = !record.active;
            await page.change({ active }, active ? t('admin:company.activated') : t('admin:company.deactivated'));
            setConfirming(false);
          }}
        />
      ) : null}
    </RecordTabs>
  );
}
