import { Button, Field, Input, Text, Title3 } from '@fluentui/react-components';
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { LoginRequest } from '@planta/contracts';
import { afterLoginTarget, errorMessage, rememberedUrlAtom, signIn } from '@planta/session';
import { showSnackbar } from '@planta/ui';
import { AuthCard, AuthSubmit, useAuthCardStyles } from './auth-card';
import { deferredResolver } from './deferred-resolver';

// The rules load with the first keystroke (or the browser's autofill), not with the page.
const loginRules = deferredResolver(async () => (await import('./login.rules')).loginResolver);

/** Spec 2.4 and 5: the sign-in screen; the rules and their messages come from the shared schema. */
export default function LoginPage() {
  const styles = useAuthCardStyles();
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const remembered = useAtomValue(rememberedUrlAtom);
  const [showPassword, setShowPassword] = useState(false);
  const { control, handleSubmit, formState } = useForm<LoginRequest>({
    mode: 'onChange',
    resolver: loginRules.resolver,
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async ({ email, password }) => {
    try {
      await signIn(email, password);
      navigate(afterLoginTarget(remembered), { replace: true });
    } catch (error) {
      // Spec 4/9: the service's message, top centre, 2 seconds.
      showSnackbar({ message: errorMessage(error), variant: 'error', position: 'top', autoHideMs: 2000 });
    }
  });

  return (
    <div className={styles.page}>
      <AuthCard>
        <div className={styles.brand}>
          <img src="/favicon.svg" alt="Planta" width={64} height={64} />
          <Text>{t('login.description', 'Tu aliado confiable, productivo y transparente en la gestión de tu planta de extrusión.')}</Text>
          <Title3 as="h1">{t('login.title', 'INGRESA A TU CUENTA')}</Title3>
        </div>
        <form className={styles.form} onSubmit={submit} noValidate onKeyDown={loginRules.preload} onPointerDown={loginRules.preload}>
          <Controller
            name="email"
            control={control}
            render={({ field, fieldState }) => (
              <Field
                label={t('login.email', 'Correo')}
                required
                validationMessage={fieldState.isDirty || fieldState.isTouched ? fieldState.error?.message : undefined}
              >
                <Input {...field} type="email" autoComplete="username" autoFocus />
              </Field>
            )}
          />
          <Controller
            name="password"
            control={control}
            render={({ field, fieldState }) => (
              <Field
                label={t('login.password', 'Contraseña')}
                required
                validationMessage={fieldState.isDirty || fieldState.isTouched ? fieldState.error?.message : undefined}
              >
                <Input
                  {...field}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  contentAfter={
                    <Button
                      appearance="transparent"
                      size="small"
                      aria-label={showPassword ? t('login.hidePassword', 'Ocultar contraseña') : t('login.showPassword', 'Mostrar contraseña')}
                      icon={showPassword ? <EyeOffRegular /> : <EyeRegular />}
                      onClick={() => setShowPassword(!showPassword)}
                    />
                  }
                />
              </Field>
            )}
          />
          <AuthSubmit submitting={formState.isSubmitting} disabled={!formState.isValid}>
            {t('login.submit', 'INGRESAR')}
          </AuthSubmit>
        </form>
        <Text align="center">
          <Link to="/register">{t('login.register', 'Crear una cuenta')}</Link>
        </Text>
      </AuthCard>
    </div>
  );
}
