import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Tab,
  TabList,
  Text,
} from '@fluentui/react-components';
import { KeyResetRegular, PersonAvailableRegular, PersonProhibitedRegular } from '@fluentui/react-icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { auditEndpoints, userCreateSchema, userEndpoints, userUpdateSchema, type ManagedUser, type UserOptions } from '@planta/contracts';
import { call, errorMessage, userAtom } from '@planta/session';
import {
  applyServerFieldErrors,
  FormCheckboxGroup,
  FormPage,
  type FormPageState,
  FormSection,
  FormTextField,
  type ResourceColumn,
  ResourceList,
  showSnackbar,
  useCan,
  useRoleLabel,
} from '@planta/ui';
import { AccessLinkDialog, type ShownLink } from '../components/access-link-dialog';
import { AuditHistory } from '../components/audit-history';
import { PendingInvitations } from '../components/pending-invitations';
import '../i18n';

const LIST_PATH = '/apps/users';

/**
 * Users of the active company (`/apps/users/all`, `/apps/users/new`, `/apps/users/<id>`): the
 * list with search, sort and export and the pending invitations below it; inviting a person (a
 * one-time link, issue 36); the form with roles and companies, 'Restablecer contraseña' (a link,
 * never a password) and 'Desactivar'/'Activar' in this company; the record's history.
 */
export default function UserPage() {
  const { id } = useParams();
  if (!id || id === 'all') return <UserList />;
  if (id === 'new') return <UserRecord key="new" id={null} />;
  if (!/^\d+$/.test(id)) return <Navigate to={`${LIST_PATH}/all`} replace />;
  return <UserRecord key={id} id={Number(id)} />;
}

function UserList() {
  return (
    <>
      <UserTable />
      <PendingInvitations />
    </>
  );
}

function UserTable() {
  const { t } = useTranslation(['admin', 'common']);
  const roleLabel = useRoleLabel();
  const navigate = useNavigate();
  const columns = useMemo<ResourceColumn<ManagedUser>[]>(() => {
    const state = (user: ManagedUser) => (user.active ? t('admin:users.state.active') : t('admin:users.state.inactive'));
    return [
      { key: 'display_name', label: t('admin:users.columns.display_name'), sortable: true, width: 28 },
      { key: 'email', label: t('admin:users.columns.email'), sortable: true, width: 32 },
      {
        key: 'position',
        label: t('admin:users.columns.position'),
        sortable: true,
        width: 28,
        render: (user) => user.position ?? '',
        exportValue: (user) => user.position ?? '',
      },
      {
        key: 'roles',
        label: t('admin:users.columns.roles'),
        sortable: true,
        width: 28,
        render: (user) => user.roles.map(roleLabel).join(', '),
        exportValue: (user) => user.roles.map(roleLabel).join(', '),
      },
      {
        key: 'active',
        label: t('admin:users.columns.active'),
        sortable: true,
        width: 20,
        render: (user) => (
          <Badge appearance="tint" color={user.active ? 'success' : 'subtle'}>
            {state(user)}
          </Badge>
        ),
        exportValue: state,
      },
    ];
  }, [t]);
  return (
    <ResourceList<ManagedUser>
      list={userEndpoints.list}
      create={userEndpoints.create}
      basePath={LIST_PATH}
      title={t('admin:users.title')}
      emptyText={t('admin:users.empty')}
      exportName={t('admin:users.exportName')}
      columns={columns}
      defaultSort={{ key: 'display_name', direction: 'asc' }}
      defaultPageSize={25}
      onOpen={(user) => navigate(`${LIST_PATH}/${user.id}`)}
      onCreate={() => navigate(`${LIST_PATH}/new`)}
      createLabel={t('admin:users.actions.invite')}
    />
  );
}

interface UserFormValues {
  email: string;
  display_name: string;
  position: string;
  photo_url: string;
  role_ids: number[];
  company_ids: number[];
}

const FORM_FIELDS = ['email', 'display_name', 'position', 'photo_url', 'role_ids', 'company_ids'] as const;

/** The contract's schema decides, over the values as the API receives them (empty texts are none). */
function userResolver(isNew: boolean): Resolver<UserFormValues> {
  const resolve = zodResolver(isNew ? userCreateSchema : userUpdateSchema) as unknown as Resolver<Record<string, unknown>>;
  return async (values, context, options) => {
    const result = await resolve(bodyOf(values, isNew), context, options as never);
    return Object.keys(result.errors).length > 0 ? { values: {}, errors: result.errors as never } : { values, errors: {} };
  };
}

/** An invitation names the person; a saved user also their photo (the person's own fields go only when they may be changed). */
function bodyOf(values: UserFormValues, isNew: boolean): Record<string, unknown> {
  const common = {
    display_name: values.display_name,
    position: values.position.trim() === '' ? null : values.position,
    role_ids: values.role_ids,
    company_ids: values.company_ids,
  };
  return isNew ? { ...common, email: values.email } : { ...common, photo_url: values.photo_url.trim() === '' ? null : values.photo_url.trim() };
}

const formValuesOf = (user: ManagedUser | null, activeCompany: number): UserFormValues => ({
  email: user?.email ?? '',
  display_name: user?.display_name ?? '',
  position: user?.position ?? '',
  photo_url: user?.photo_url ?? '',
  role_ids: user?.role_ids ?? [],
  company_ids: user?.company_ids ?? [activeCompany],
});

const useStyles = makeStyles({
  tabs: { padding: '16px 24px 0' },
  history: { padding: '24px', maxWidth: '1120px' },
});

type Confirmation = 'reset' | 'deactivate' | 'activate' | null;

function UserRecord({ id }: { id: number | null }) {
  const { t } = useTranslation(['admin', 'common']);
  const roleLabel = useRoleLabel();
  const styles = useStyles();
  const navigate = useNavigate();
  const me = useAtomValue(userAtom).data;
  const isNew = id === null;
  const [user, setUser] = useState<ManagedUser | null>(null);
  const [options, setOptions] = useState<UserOptions | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [tab, setTab] = useState<'data' | 'history'>('data');
  const [confirming, setConfirming] = useState<Confirmation>(null);
  const [working, setWorking] = useState(false);
  const [shownLink, setShownLink] = useState<ShownLink | null>(null);
  const canCreate = useCan(userEndpoints.create);
  const canUpdate = useCan(userEndpoints.update);
  const canDelete = useCan(userEndpoints.remove);
  const canReset = useCan(userEndpoints.resetPassword);
  const canReadHistory = useCan(auditEndpoints.list);

  const form = useForm<UserFormValues>({ mode: 'onTouched', resolver: userResolver(isNew), defaultValues: formValuesOf(null, me.company_id) });
  const { control, reset, setError, handleSubmit } = form;

  useEffect(() => {
    let current = true;
    setLoadError(null);
    Promise.all([call(userEndpoints.options), id === null ? Promise.resolve(null) : call(userEndpoints.get, { params: { id } })]).then(
      ([found, record]) => {
        if (!current) return;
        setOptions(found);
        setUser(record);
        reset(formValuesOf(record, me.company_id));
      },
      (failure) => current && setLoadError(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [id, attempt, reset, me.company_id]);

  const failed = useCallback(
    (failure: unknown) => {
      if (applyServerFieldErrors(failure, setError, FORM_FIELDS).length === 0) showSnackbar({ message: errorMessage(failure), variant: 'error' });
    },
    [setError],
  );

  const submit = handleSubmit(async (values) => {
    try {
      if (isNew) {
        const created = await call(userEndpoints.create, { body: bodyOf(values, true) as never });
        setShownLink({ kind: 'invite', name: created.invitation.display_name, link: created.link });
      } else {
        const saved = await call(userEndpoints.update, { params: { id }, body: bodyOf(values, false) as never });
        setUser(saved);
        reset(formValuesOf(saved, me.company_id));
        showSnackbar({ message: t('admin:users.saved'), variant: 'success' });
      }
    } catch (failure) {
      failed(failure);
    }
  });

  const page: FormPageState = {
    loading: !loadError && (options === null || (!isNew && user === null)),
    loadError,
    reload: () => setAttempt((value) => value + 1),
    isNew,
    form,
    submit,
    cancel: () => navigate(`${LIST_PATH}/all`),
    remove: async () => {
      if (id === null) return;
      try {
        await call(userEndpoints.remove, { params: { id } });
        showSnackbar({ message: t('admin:users.removed'), variant: 'success' });
        navigate(`${LIST_PATH}/all`);
      } catch (failure) {
        showSnackbar({ message: errorMessage(failure), variant: 'error' });
      }
    },
    canSave: isNew ? canCreate : canUpdate,
    canDelete: canDelete && user !== null && user.id !== me.id,
  };

  const confirm = async () => {
    if (!user || !confirming) return;
    setWorking(true);
    try {
      if (confirming === 'reset') {
        const result = await call(userEndpoints.resetPassword, { params: { id: user.id } });
        setUser(result.user);
        setShownLink({ kind: 'reset', name: result.user.display_name, link: result.link });
      } else {
        const saved = await call(userEndpoints.update, { params: { id: user.id }, body: { active: confirming === 'activate' } });
        setUser(saved);
        showSnackbar({ message: t(saved.active ? 'admin:users.activated' : 'admin:users.deactivated'), variant: 'success' });
      }
    } catch (failure) {
      showSnackbar({ message: errorMessage(failure), variant: 'error' });
    } finally {
      setWorking(false);
      setConfirming(null);
    }
  };

  // What is the person's own: only they, or an administrator of every company they belong to, change it.
  const ownFieldsEditable = isNew || user?.identity_editable === true;
  const roleOptions = (options?.roles ?? []).map((role) => ({
    value: role.id,
    label: role.description ? `${roleLabel(role.name)} — ${role.description}` : roleLabel(role.name),
  }));
  const companyOptions = (options?.companies ?? []).map((company) => ({ value: company.id, label: company.name }));
  const actions =
    user === null ? null : (
      <>
        {canReset && user.id !== me.id && user.identity_editable ? (
          <Button icon={<KeyResetRegular />} onClick={() => setConfirming('reset')}>
            {t('admin:users.actions.resetPassword')}
          </Button>
        ) : null}
        {canUpdate && user.id !== me.id ? (
          user.active ? (
            <Button icon={<PersonProhibitedRegular />} onClick={() => setConfirming('deactivate')}>
              {t('admin:users.actions.deactivate')}
            </Button>
          ) : (
            <Button icon={<PersonAvailableRegular />} onClick={() => setConfirming('activate')}>
              {t('admin:users.actions.activate')}
            </Button>
          )
        ) : null}
      </>
    );
  const title = isNew ? t('admin:users.newTitle') : (user?.display_name ?? t('admin:users.title'));

  return (
    <>
      {!isNew && canReadHistory ? (
        <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as 'data' | 'history')}>
          <Tab value="data">{t('admin:users.tabs.data')}</Tab>
          <Tab value="history">{t('admin:users.tabs.history')}</Tab>
        </TabList>
      ) : null}
      {tab === 'history' && id !== null ? (
        <section className={styles.history} aria-label={t('admin:users.tabs.history')}>
          <AuditHistory entity="user" entityId={id} />
        </section>
      ) : (
        <FormPage title={title} page={page} actions={actions}>
          <FormSection title={t('admin:users.sections.profile')}>
            <FormTextField control={control} name="email" type="email" label={t('admin:users.fields.email')} required disabled={!isNew} autoFocus={isNew} />
            <FormTextField
              control={control}
              name="display_name"
              label={t('admin:users.fields.display_name')}
              required
              disabled={!ownFieldsEditable}
              hint={ownFieldsEditable ? undefined : t('admin:users.fields.identityHint')}
            />
            <FormTextField control={control} name="position" label={t('admin:users.fields.position')} disabled={!ownFieldsEditable} />
            {isNew ? null : <FormTextField control={control} name="photo_url" label={t('admin:users.fields.photo_url')} disabled={!ownFieldsEditable} />}
            {isNew ? <Text>{t('admin:users.fields.inviteHint')}</Text> : null}
            {user ? (
              <Text>
                <Badge appearance="tint" color={user.active ? 'success' : 'subtle'}>
                  {user.active ? t('admin:users.state.active') : t('admin:users.state.inactive')}
                </Badge>
              </Text>
            ) : null}
          </FormSection>
          <FormSection title={t('admin:users.sections.access')}>
            <FormCheckboxGroup control={control} name="role_ids" label={t('admin:users.fields.roles')} required options={roleOptions} />
            <FormCheckboxGroup control={control} name="company_ids" label={t('admin:users.fields.companies')} options={companyOptions} />
          </FormSection>
        </FormPage>
      )}
      <Dialog open={confirming !== null} onOpenChange={(_, data) => !data.open && setConfirming(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{confirming ? t(`admin:users.confirm.${confirming}Title`) : ''}</DialogTitle>
            <DialogContent>{confirming ? t(`admin:users.confirm.${confirming}Message`, { name: user?.display_name ?? '' }) : ''}</DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(null)}>{t('admin:users.actions.cancel')}</Button>
              <Button appearance="primary" disabled={working} onClick={() => void confirm()}>
                {t('admin:users.actions.confirm')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <AccessLinkDialog
        shown={shownLink}
        onClose={() => {
          setShownLink(null);
          if (isNew) navigate(`${LIST_PATH}/all`, { replace: true });
        }}
      />
    </>
  );
}
