import { Button, makeStyles, MessageBar, MessageBarBody, Subtitle1, Text, tokens } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  correctionDefectResource,
  correctionEndpoints,
  correctionOperationResource,
  correctionSettingsUpdateSchema,
  type CorrectionPerson,
  type CorrectionSettings,
  type CorrectionSettingsUpdate,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { applyServerFieldErrors, FormCheckboxGroup, FormNumberField, FormSection, showSnackbar, useCan, withDecimalFields } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionTexts } from '../i18n/correction.texts';

registerDieshopTexts(correctionTexts);

const useStyles = makeStyles({
  section: { padding: '0 24px 24px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1120px' },
  buttons: { display: 'flex', justifyContent: 'flex-end' },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
});

interface Values {
  correction_draft_after: string;
  corrector_ids: number[];
}

const resolver = withDecimalFields(zodResolver(correctionSettingsUpdateSchema as never) as unknown as Resolver<Values, unknown, CorrectionSettingsUpdate>, [
  'correction_draft_after',
]);

/**
 * The corrections' settings on the die shop's settings page (domain.md E): after how many
 * out-of-tolerance checks of one run a draft record opens, and who the company's correctors are;
 * with links to the defect and operation catalogues. Read only without the grant to change them.
 */
export function CorrectionSettingsSection() {
  const { t } = useTranslation([DIESHOP_NS, 'common']);
  const styles = useStyles();
  const mayRead = useCan(correctionEndpoints.settings);
  const canSave = useCan(correctionEndpoints.settingsUpdate);
  const mayOpenCatalogues = useCan({ access: { page: correctionDefectResource.page }, method: 'GET' });
  const [people, setPeople] = useState<CorrectionPerson[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const form = useForm<Values, unknown, CorrectionSettingsUpdate>({
    mode: 'onTouched',
    resolver,
    defaultValues: { correction_draft_after: '', corrector_ids: [] },
  });
  const { control, reset, setError, formState } = form;

  useEffect(() => {
    if (!mayRead) return;
    const controller = new AbortController();
    const show = (settings: CorrectionSettings) =>
      reset({ correction_draft_after: String(settings.correction_draft_after), corrector_ids: settings.corrector_ids });
    call(correctionEndpoints.settings, {}, { signal: controller.signal }).then(show, (error: unknown) => setLoadError(errorMessage(error)));
    call(correctionEndpoints.people, {}, { signal: controller.signal }).then(
      (found) => setPeople(found.mentionable),
      () => undefined,
    );
    return () => controller.abort();
  }, [mayRead, reset]);

  const options = useMemo(() => people.map((person) => ({ value: person.id, label: person.name })), [people]);
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await call(correctionEndpoints.settingsUpdate, { body: values });
      reset({ correction_draft_after: String(saved.correction_draft_after), corrector_ids: saved.corrector_ids });
      showSnackbar({ message: t('correctionSettings.saved'), variant: 'success', autoHideMs: 2000 });
    } catch (error) {
      const applied = applyServerFieldErrors(error, setError, ['correction_draft_after', 'corrector_ids']);
      showSnackbar({ message: applied.length ? t('common:form.reviewFields') : errorMessage(error), variant: 'error' });
    }
  });

  if (!mayRead) return null;
  return (
    <section className={styles.section} aria-label={t('correctionSettings.title')}>
      <Subtitle1 as="h2">{t('correctionSettings.title')}</Subtitle1>
      {loadError ? (
        <MessageBar intent="error">
          <MessageBarBody>{loadError}</MessageBarBody>
        </MessageBar>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (canSave) void submit();
          }}
        >
          <fieldset disabled={!canSave} style={{ border: 'none', padding: 0, margin: 0, minWidth: 0 }}>
            <FormSection title={null}>
              <FormNumberField
                control={control}
                name="correction_draft_after"
                required
                label={t('correctionSettings.draftAfter')}
                hint={t('correctionSettings.draftAfterHint')}
              />
              <FormCheckboxGroup control={control} name="corrector_ids" label={t('correctionSettings.correctors')} options={options} />
              <Text size={200}>{t('correctionSettings.correctorsHint')}</Text>
            </FormSection>
          </fieldset>
          {canSave ? (
            <div className={styles.buttons}>
              <Button type="submit" appearance="primary" disabled={!formState.isDirty || formState.isSubmitting}>
                {t('correctionSettings.save')}
              </Button>
            </div>
          ) : null}
        </form>
      )}
      {mayOpenCatalogues ? (
        <div>
          <Subtitle1 as="h3">{t('correctionSettings.catalogues')}</Subtitle1>
          <div className={styles.links}>
            <RouterLink to={`${correctionDefectResource.route}/all`}>{t('correctionSettings.defects')}</RouterLink>
            <RouterLink to={`${correctionOperationResource.route}/all`}>{t('correctionSettings.operations')}</RouterLink>
          </div>
        </div>
      ) : null}
    </section>
  );
}
