import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Tab, TabList, Text, Title3 } from '@fluentui/react-components';
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authEndpoints, messages, registerRequestSchema, type RegisterRequest, type RegistrationMode } from '@planta/contracts';
import { afterLoginTarget, call, register, rememberedUrlAtom } from '@planta/session';
import { showSnackbar } from '@planta/ui';
import { applyRegistrationError, type RegisterField } from '../registration-errors';
import { AuthCard, AuthSubmit, useAuthCardStyles } from './auth-card';

const useStyles = makeStyles({
  // The three sign-up ways need a little more room than the other cards.
  wide: { maxWidth: '440px' },
  // Three sign-up ways do not fit one line of the card: they wrap instead of being cut off.
  tabs: { flexWrap: 'wrap', justifyContent: 'center' },
  links: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '8px', textAlign: 'center' },
});

export type RegisterTab = 'jwt' | 'firebase' | 'auth0';
/**
 * Spec 2.2 registration: three sign-up tabs (JWT, Firebase, Auth0), named for the people who sign
 * up (email and password, a Google account, company sign-in), links to login and to the dashboard.
 */
export default function RegisterPage() {
  const styles = useStyles();
  const card = useAuthCardStyles();
  const { t } = useTranslation('auth');
  const [tab, setTab] = useState<RegisterTab>('jwt');
  const mode = useRegistrationMode();

  return (
    <div className={card.page}>
      <AuthCard className={styles.wide}>
        <div className={card.brand}>
          <img src="/favicon.svg" alt={t('login.logoAlt', 'Logotipo de Planta')} width={64} height={64} />
          <Title3 as="h1">{t('register.title', 'Crea tu cuenta')}</Title3>
        </div>
        <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_event, data) => setTab(data.value as RegisterTab)}>
          <Tab value="jwt">{t('register.tabs.jwt', 'Correo y contraseña')}</Tab>
          <Tab value="firebase">{t('register.tabs.firebase', 'Cuenta de Google')}</Tab>
          <Tab value="auth0">{t('register.tabs.auth0', 'Acceso corporativo (SSO)')}</Tab>
        </TabList>
        <div role="tabpanel" aria-label={t(`register.tabs.${tab}`)}>
          {tab === 'jwt' && mode === 'closed' ? (
            <MessageBar intent="info">
              <MessageBarBody>{t('register.closed')}</MessageBarBody>
            </MessageBar>
          ) : tab === 'jwt' ? (
            <JwtRegisterForm byInvitation={mode === 'invitation'} />
          ) : (
            <MessageBar intent="warning">
              <MessageBarBody>{t('register.providerNotConfigured', { fallback: t('register.tabs.jwt') })}</MessageBarBody>
            </MessageBar>
          )}
        </div>
        <div className={styles.links}>
          <Text>
            {t('register.haveAccount', '¿Ya tienes una cuenta?')} <Link to="/login">{t('register.toLogin', 'Ingresa')}</Link>
          </Text>
          <Link to="/apps/dashboards/welcome">{t('register.toDashboard', 'Ir al tablero')}</Link>
        </div>
      </AuthCard>
    </div>
  );
}

/**
 * Whether this installation lets new companies register (GET auth/registration). Until it is
 * known, or if it cannot be asked, the form is offered: the API refuses what the mode forbids.
 */
function useRegistrationMode(): RegistrationMode {
  const [mode, setMode] = useState<RegistrationMode>('open');
  useEffect(() => {
    let current = true;
    call(authEndpoints.registration)
      .then((policy) => current && setMode(policy.mode))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return mode;
}

/** The JWT tab: POST /api/auth/register, which creates the company and signs the person in as its admin. */
function JwtRegisterForm({ byInvitation }: { byInvitation: boolean }) {
  const styles = useAuthCardStyles();
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const remembered = useAtomValue(rememberedUrlAtom);
  const [searchParams] = useSearchParams();
  const [showPassword, setShowPassword] = useState(false);
  // By invitation, the code of the invitation link is needed too (filled in from ?invitation=).
  const schema = useMemo(
    () =>
      byInvitation ? registerRequestSchema.refine((value) => !!value.invitation, { message: messages.required, path: ['invitation'] }) : registerRequestSchema,
    [byInvitation],
  );
  const { control, handleSubmit, formState, setError } = useForm<RegisterRequest>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: { displayName: '', email: '', password: '', passwordConfirm: '', companyName: '', invitation: searchParams.get('invitation') ?? '' },
  });

  const submit = handleSubmit(async (data) => {
    try {
      await register(data);
      showSnackbar({ message: t('register.success', 'Tu cuenta se creó correctamente'), variant: 'success', position: 'top' });
      navigate(afterLoginTarget(remembered), { replace: true });
    } catch (error) {
      applyRegistrationError(error, setError);
    }
  });

  const passwordToggle = (
    <Button
      appearance="transparent"
      size="small"
      aria-label={showPassword ? t('login.hidePassword', 'Ocultar contraseña') : t('login.showPassword', 'Mostrar contraseña')}
      icon={showPassword ? <EyeOffRegular /> : <EyeRegular />}
      onClick={() => setShowPassword(!showPassword)}
    />
  );

  const fields: { name: RegisterField; label: string; type: 'text' | 'email' | 'password'; autoComplete: string }[] = [
    { name: 'displayName', label: t('register.displayName', 'Nombre para mostrar'), type: 'text', autoComplete: 'name' },
    { name: 'email', label: t('register.email', 'Correo'), type: 'email', autoComplete: 'email' },
    { name: 'password', label: t('register.password', 'Contraseña'), type: 'password', autoComplete: 'new-password' },
    { name: 'passwordConfirm', label: t('register.confirmPassword', 'Confirmar contraseña'), type: 'password', autoComplete: 'new-password' },
    { name: 'companyName', label: t('register.companyName', 'Nombre de la empresa'), type: 'text', autoComplete: 'organization' },
    ...(byInvitation ? [{ name: 'invitation' as const, label: t('register.invitation'), type: 'text' as const, autoComplete: 'off' }] : []),
  ];

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {fields.map(({ name, label, type, autoComplete }) => (
        <Controller
          key={name}
          name={name}
          control={control}
          render={({ field, fieldState }) => {
            const visible = fieldState.isDirty || fieldState.isTouched || fieldState.error?.type === 'server';
            const isPassword = type === 'password';
            return (
              <Field label={label} required validationMessage={visible ? fieldState.error?.message : undefined}>
                <Input
                  {...field}
                  type={isPassword && showPassword ? 'text' : type}
                  autoComplete={autoComplete}
                  autoFocus={name === 'displayName'}
                  contentAfter={name === 'password' ? passwordToggle : undefined}
                />
              </Field>
            );
          }}
        />
      ))}
      <AuthSubmit submitting={formState.isSubmitting} disabled={!formState.isValid}>
        {t('register.submit', 'Crear cuenta')}
      </AuthSubmit>
    </form>
  );
}
