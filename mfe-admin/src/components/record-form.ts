import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import type { EndpointDefinition } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { applyServerFieldErrors, showSnackbar, useCan, useRecordLoad, withDecimalFields, type FormPageState } from '@planta/ui';

/** The calls of one administration record: its read, and the writes the screen offers. */
export interface RecordCalls {
  get: EndpointDefinition;
  create?: EndpointDefinition;
  update: EndpointDefinition;
  remove?: EndpointDefinition;
}

export interface RecordFormOptions<TRecord, TValues extends FieldValues> {
  /** The screen's route base: `<base>/all` is its list. */
  basePath: string;
  calls: RecordCalls;
  /** The form's rules: the contract's create schema (or its update schema where nothing is created). */
  schema: z.ZodType;
  /** Fields typed as numbers (held as typed text until the resolver reads them). */
  numberFields?: readonly string[];
  empty: TValues;
  toValues: (record: TRecord) => TValues;
}

export interface RecordForm<TRecord, TValues extends FieldValues> extends FormPageState {
  form: UseFormReturn<TValues>;
  id: string;
  record: TRecord | null;
  /** Sends a change of the record outside the form (activate, restore) and shows the answer. */
  change: (body: Record<string, unknown>, saved: string) => Promise<boolean>;
}

/**
 * The state of an administration record's form page (companies, roles, pages): loads `:id`,
 * validates with the contract's schema, saves (create or update), deletes, and puts the API's
 * field errors on their fields. The buttons follow the caller's grants for each call.
 */
export function useRecordForm<TRecord extends { id: number }, TValues extends FieldValues>(
  options: RecordFormOptions<TRecord, TValues>,
): RecordForm<TRecord, TValues> {
  const { basePath, calls, schema, numberFields = [], empty, toValues } = options;
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const id = useParams().id ?? 'new';
  const isNew = id === 'new';
  const resolver = useMemo(
    () => withDecimalFields(zodResolver(schema as never) as unknown as Resolver<TValues>, numberFields),
    // The schema and field names are module constants of the page.
    [schema],
  );
  const form = useForm<TValues>({ mode: 'onTouched', resolver, defaultValues: empty as DefaultValues<TValues> });
  const [record, setRecord] = useState<TRecord | null>(null);
  const mayCreate = useCan(calls.create);
  const mayUpdate = useCan(calls.update);
  const mayDelete = useCan(calls.remove);

  const show = useCallback(
    (loaded: TRecord) => {
      setRecord(loaded);
      form.reset(toValues(loaded));
    },
    // toValues is the page's own pure function.
    [form],
  );
  const { loading, loadError, reload } = useRecordLoad<TRecord>(calls.get, id, isNew, show);

  const back = useCallback(() => navigate(`${basePath}/all`), [navigate, basePath]);

  const submit = form.handleSubmit(async (values) => {
    try {
      if (isNew && calls.create) await call(calls.create, { body: values } as never);
      else await call(calls.update, { params: { id }, body: values } as never);
      showSnackbar({ message: t('form.saved', 'Información Guardada'), variant: 'success', position: 'top-end', autoHideMs: 2000 });
      back();
    } catch (error) {
      const applied = applyServerFieldErrors(error, form.setError, Object.keys(empty));
      showSnackbar({ message: applied.length ? t('form.reviewFields', 'Revisa los campos marcados') : errorMessage(error), variant: 'error' });
    }
  });

  const remove = async () => {
    if (!calls.remove) return;
    try {
      await call(calls.remove, { params: { id } } as never);
      showSnackbar({ message: t('form.deleted', 'Registro eliminado'), variant: 'success', position: 'top-end', autoHideMs: 2000 });
      back();
    } catch (error) {
      // 409: the API says why (in use, built in, not empty).
      showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  };

  const change = async (body: Record<string, unknown>, saved: string) => {
    try {
      show((await call(calls.update, { params: { id }, body } as never)) as unknown as TRecord);
      showSnackbar({ message: saved, variant: 'success', position: 'top-end', autoHideMs: 2500 });
      return true;
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: 'error' });
      return false;
    }
  };

  return {
    form,
    id,
    isNew,
    record,
    loading,
    loadError,
    reload,
    submit,
    cancel: back,
    remove,
    change,
    canSave: isNew ? mayCreate : mayUpdate,
    canDelete: mayDelete,
  };
}
