import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { api, errorMessage } from '@planta/session';
import { applyServerFieldErrors, showSnackbar } from '@planta/ui';

export interface ResourceFormOptions<TRecord, TForm extends FieldValues, TOut> {
  /** API resource, e.g. 'extrusion-line'. */
  resource: string;
  /** Route base, e.g. '/apps/extrusion-line' (back to `<base>/all`). */
  basePath: string;
  schema: z.ZodType<TOut, TForm>;
  /** Values of a new record (what the inputs show: strings for numbers). */
  emptyValues: TForm;
  /** A loaded record as form values. */
  toFormValues: (record: TRecord) => TForm;
  /** The body sent to the API from the validated values. */
  toBody?: (values: TOut, record: TRecord | null) => unknown;
  /** After a record loaded (derived-field state). */
  onLoaded?: (record: TRecord) => void;
}

export interface ResourceForm<TRecord, TForm extends FieldValues, TOut> {
  form: UseFormReturn<TForm, unknown, TOut>;
  id: string;
  isNew: boolean;
  loading: boolean;
  loadError: string | null;
  record: TRecord | null;
  submit: () => Promise<void>;
  remove: () => Promise<void>;
  cancel: () => void;
  reload: () => void;
}

/**
 * Create (`<base>/new`) and edit (`<base>/:id`) of one API resource with react-hook-form and
 * the contract's schema: loads the record, saves it (POST or PATCH), maps the API's field
 * errors onto the fields, and deletes it (a 409 "in use" message is shown as it comes).
 */
export function useResourceForm<TRecord, TForm extends FieldValues, TOut>(
  options: ResourceFormOptions<TRecord, TForm, TOut>,
): ResourceForm<TRecord, TForm, TOut> {
  const { resource, basePath, schema, emptyValues, toFormValues, toBody, onLoaded } = options;
  const { t } = useTranslation('production');
  const navigate = useNavigate();
  const id = useParams().id ?? 'new';
  const isNew = id === 'new';
  const form = useForm<TForm, unknown, TOut>({
    mode: 'onTouched',
    resolver: zodResolver(schema as never) as never,
    defaultValues: emptyValues as DefaultValues<TForm>,
  });
  const [record, setRecord] = useState<TRecord | null>(null);
  const [loading, setLoading] = useState(!isNew);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (isNew) return;
    const controller = new AbortController();
    setLoading(true);
    setLoadError(null);
    api
      .get<TRecord>(`${resource}/${encodeURIComponent(id)}`, { signal: controller.signal })
      .then((loaded) => {
        setRecord(loaded);
        form.reset(toFormValues(loaded));
        onLoaded?.(loaded);
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoadError(errorMessage(error));
        setLoading(false);
      });
    return () => controller.abort();
    // the loaders are the page's own functions: only a new id or a retry reloads
  }, [resource, id, isNew, attempt]);

  const back = useCallback(() => navigate(`${basePath}/all`), [navigate, basePath]);

  const submit = form.handleSubmit(async (values) => {
    const body = toBody ? toBody(values, record) : values;
    try {
      if (isNew) await api.post(resource, body);
      else await api.patch(`${resource}/${encodeURIComponent(id)}`, body);
      showSnackbar({ message: t('form.saved', 'Información Guardada'), variant: 'success', position: 'top-end', autoHideMs: 2000 });
      back();
    } catch (error) {
      const applied = applyServerFieldErrors(error, form.setError, Object.keys(emptyValues));
      showSnackbar({ message: applied.length ? t('form.reviewFields', 'Revisa los campos marcados') : errorMessage(error), variant: 'error' });
    }
  });

  const remove = async () => {
    try {
      await api.delete(`${resource}/${encodeURIComponent(id)}`);
      showSnackbar({ message: t('form.deleted', 'Registro eliminado'), variant: 'success', position: 'top-end', autoHideMs: 2000 });
      back();
    } catch (error) {
      // 409: the API says what still uses the record.
      showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  };

  return { form, id, isNew, loading, loadError, record, submit, remove, cancel: back, reload: () => setAttempt((value) => value + 1) };
}

/** Form text of an optional number from the API (null → ''). */
export const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
