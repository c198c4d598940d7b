import { Combobox, Field, Option } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { correctionDefectResource, correctionEndpoints, dieEndpoints, dieLabel, type CorrectionPerson, type CorrectionRecordCreate } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { applyServerFieldErrors, fieldErrorText, FormPage, FormSection, showSnackbar, useCan, useFormFieldStyles } from '@planta/ui';
import { CorrectionFields, useCatalogue, useDieContext } from '../components/correction-fields';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionTexts } from '../i18n/correction.texts';
import {
  CORRECTION_FORM_FIELDS,
  CORRECTION_LIST_PATH,
  correctionRecordPath,
  correctionResolver,
  emptyCorrectionValues,
  type CorrectionFormValues,
} from './correction.model';

registerDieshopTexts(correctionTexts);

interface DieChoice {
  id: number;
  label: string;
}

/** A positive whole number from the address (`?die_id=12`), or null. */
const idFrom = (text: string | null) => (text && /^\d{1,10}$/.test(text) && Number(text) > 0 ? Number(text) : null);

/**
 * /apps/correction-record/new (also `?die_id=` from the die summary and the inventory): a
 * non-conformity of one die copy. The die is searched by its reference; its profile's critical
 * dimensions and its runs are offered once it is chosen.
 */
export default function CorrectionRecordNewPage() {
  const { t } = useTranslation([DIESHOP_NS, 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const given = idFrom(params.get('die_id'));
  const resolver = useMemo(() => correctionResolver('create'), []);
  const form = useForm<CorrectionFormValues, unknown, CorrectionRecordCreate>({ mode: 'onTouched', resolver, defaultValues: emptyCorrectionValues(given) });
  const { control, setValue, setError } = form;
  const dieId = useWatch({ control, name: 'die_id' });
  const context = useDieContext(dieId);
  const defects = useCatalogue(correctionDefectResource);
  const [correctors, setCorrectors] = useState<CorrectionPerson[]>([]);
  const canSave = useCan(correctionEndpoints.create);

  useEffect(() => {
    const controller = new AbortController();
    call(correctionEndpoints.people, {}, { signal: controller.signal }).then(
      (people) => setCorrectors(people.correctors),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  const back = () => navigate(CORRECTION_LIST_PATH);
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await call(correctionEndpoints.create, { body: values });
      form.reset(form.getValues());
      showSnackbar({ message: t('correctionNew.created', { number: saved.number }), variant: 'success', position: 'top-end', autoHideMs: 2000 });
      navigate(correctionRecordPath(saved.id));
    } catch (error) {
      const applied = applyServerFieldErrors(error, setError, CORRECTION_FORM_FIELDS);
      showSnackbar({ message: applied.length ? t('common:form.reviewFields') : errorMessage(error), variant: 'error' });
    }
  });

  return (
    <FormPage
      title={t('correctionNew.title')}
      page={{
        loading: false,
        loadError: null,
        reload: () => undefined,
        isNew: true,
        form,
        submit,
        cancel: back,
        remove: async () => undefined,
        canSave,
        canDelete: false,
      }}
    >
      <FormSection title={null}>
        <DieSearch control={control} given={given} onChosen={() => setValue('order_die_id', null)} />
      </FormSection>
      <CorrectionFields control={control} setValue={setValue} context={context} defects={defects} correctors={correctors} />
    </FormPage>
  );
}

/** The die, searched by the start of its reference (the chat's die search); the one of the address comes chosen. */
function DieSearch({
  control,
  given,
  onChosen,
}: {
  control: ReturnType<typeof useForm<CorrectionFormValues, unknown, CorrectionRecordCreate>>['control'];
  given: number | null;
  onChosen: () => void;
}) {
  const { t } = useTranslation(DIESHOP_NS);
  const styles = useFormFieldStyles();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<DieChoice[]>([]);
  const [chosen, setChosen] = useState<DieChoice | null>(null);

  // The die of `?die_id=`: its label in the box.
  useEffect(() => {
    if (!given) return;
    const controller = new AbortController();
    call(dieEndpoints.get, { params: { id: given } }, { signal: controller.signal }).then(
      (die) => {
        setChosen({ id: die.id, label: dieLabel(die) });
        setText(dieLabel(die));
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [given]);

  useEffect(() => {
    const query = text.trim().toUpperCase();
    if (!query || query === chosen?.label) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call(dieEndpoints.find, { query: { reference: query } }, { signal: controller.signal }).then(
        (dies) => setOptions(dies.slice(0, 20).map((die) => ({ id: die.id, label: dieLabel(die) }))),
        () => undefined,
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, chosen]);

  return (
    <Controller
      control={control}
      name="die_id"
      render={({ field, fieldState }) => {
        const message = fieldErrorText(fieldState, { required: true, value: field.value });
        return (
          <Field
            className={styles.field}
            label={t('correction.fields.die')}
            required
            validationState={message ? 'error' : 'none'}
            validationMessage={message ?? t('correctionNew.dieSearch')}
            validationMessageIcon={message ? undefined : null}
          >
            <Combobox
              name={field.name}
              ref={field.ref}
              freeform
              value={text}
              selectedOptions={chosen ? [String(chosen.id)] : []}
              onBlur={field.onBlur}
              onChange={(event) => {
                setText(event.target.value);
                if (chosen && event.target.value !== chosen.label) {
                  setChosen(null);
                  field.onChange(null);
                }
              }}
              onOptionSelect={(_, data) => {
                const option = options.find((candidate) => String(candidate.id) === data.optionValue);
                if (!option) return;
                setChosen(option);
                setText(option.label);
                field.onChange(option.id);
                onChosen();
              }}
            >
              {options.length === 0 && text.trim() && !chosen ? (
                <Option key="none" value="" disabled text="">
                  {t('correctionNew.dieNotFound', { text: text.trim().toUpperCase() })}
                </Option>
              ) : (
                options.map((option) => (
                  <Option key={option.id} value={String(option.id)}>
                    {option.label}
                  </Option>
                ))
              )}
            </Combobox>
          </Field>
        );
      }}
    />
  );
}
