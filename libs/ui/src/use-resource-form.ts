import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useState } from 'react';
import { useForm, type DefaultValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  applicableValues,
  resourceEndpoints,
  resourceSchemas,
  type FieldDefinition,
  type ResourceDefinition,
  type ResourceInput,
  type ResourceRecord,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { currentLanguage, inputNumber, withDecimalFields } from './decimal-fields';
import { applyServerFieldErrors } from './form-fields';
import { useRecordLoad } from './use-record-load';
import { useCan } from './grants';
import { showSnackbar } from './snackbar';

/** What a resource form holds: each field as its input shows it (numbers as typed text). */
export type ResourceFormValues = Record<string, unknown>;

/** The value an input of the field shows for a stored value (numbers as the language writes them). */
export function formValueOf(definition: FieldDefinition, value: unknown, language = currentLanguage()): unknown {
  switch (definition.kind) {
    case 'number':
    case 'integer':
      return value === null || value === undefined ? (definition.nullable ? null : '') : inputNumber(Number(value), language);
    case 'integerSet':
      return Array.isArray(value) ? [...value] : [];
    case 'reference':
      return value ?? null;
    case 'choice':
      return value ?? (definition.nullable ? null : '');
    default:
      return value ?? '';
  }
}

/** The form values of a new record: every field empty, or its declared default. */
export function emptyFormValues(resource: ResourceDefinition): ResourceFormValues {
  return Object.fromEntries(
    Object.entries(resource.fields).map(([name, definition]) => [name, formValueOf(definition, definition.kind === 'choice' ? definition.default : undefined)]),
  );
}

/** The form values of a stored record. */
export function recordFormValues(resource: ResourceDefinition, record: Record<string, unknown>): ResourceFormValues {
  return Object.fromEntries(Object.entries(resource.fields).map(([name, definition]) => [name, formValueOf(definition, record[name])]));
}

export interface ResourceFormOptions<R extends ResourceDefinition> {
  /** The form values of a loaded record, when a field shows something other than the stored value. */
  toFormValues?: (record: ResourceRecord<R>, values: ResourceFormValues) => ResourceFormValues;
}

export interface ResourceForm<R extends ResourceDefinition> {
  form: UseFormReturn<ResourceFormValues>;
  id: string;
  isNew: boolean;
  loading: boolean;
  loadError: string | null;
  record: ResourceRecord<R> | null;
  submit: () => Promise<void>;
  remove: () => Promise<void>;
  cancel: () => void;
  reload: () => void;
  canSave: boolean;
  canDelete: boolean;
}

/**
 * Create (`<route>/new`) and edit (`<route>/:id`) of a resource with react-hook-form and the
 * declaration's own schema, so that a rule and its Spanish message are the API's: loads the
 * record, saves it (POST or PATCH), puts the API's field errors on the fields and deletes it (a
 * 409 "in use" is shown as it comes). Fields that do not apply to the record (`when`) are left out
 * of the checks and sent empty. Saving and deleting follow the user's grants.
 */
export function useResourceForm<R extends ResourceDefinition>(resource: R, options: ResourceFormOptions<R> = {}): ResourceForm<R> {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const id = useParams().id ?? 'new';
  const isNew = id === 'new';
  // Inside the hook the resource is any resource: its record type is the caller's.
  const endpoints = resourceEndpoints<ResourceDefinition>(resource);
  const resolver = useMemo<Resolver<ResourceFormValues>>(() => {
    const check = zodResolver(resourceSchemas(resource).create) as unknown as Resolver<ResourceFormValues>;
    const numbers = Object.entries(resource.fields)
      .filter(([, definition]) => definition.kind === 'number' || definition.kind === 'integer')
      .map(([name]) => name);
    return withDecimalFields((values, context, resolverOptions) => check(applicableValues(resource, values), context, resolverOptions), numbers);
  }, [resource]);
  const form = useForm<ResourceFormValues>({ mode: 'onTouched', resolver, defaultValues: emptyFormValues(resource) as DefaultValues<ResourceFormValues> });
  const [record, setRecord] = useState<ResourceRecord<R> | null>(null);
  const canSave = useCan(isNew ? endpoints.create : endpoints.update);
  const canDelete = useCan(endpoints.remove);
  const { loading, loadError, reload } = useRecordLoad<ResourceRecord<R>>(endpoints.get, id, isNew, (loaded) => {
    setRecord(loaded);
    const values = recordFormValues(resource, loaded as Record<string, unknown>);
    form.reset(options.toFormValues ? options.toFormValues(loaded, values) : values);
  });

  const back = useCallback(() => navigate(`${resource.route}/all`), [navigate, resource.route]);

  const submit = form.handleSubmit(async (values) => {
    try {
      // The values passed the declaration's own schema: they are the record's input.
      const body = values as ResourceInput<ResourceDefinition>;
      if (isNew) await call(endpoints.create, { body });
      else await call(endpoints.update, { params: { id }, body });
      showSnackbar({ message: t('form.saved', 'Información Guardada'), variant: 'success', position: 'top-end', autoHideMs: 2000 });
      back();
    } catch (error) {
      const applied = applyServerFieldErrors(error, form.setError, Object.keys(resource.fields));
      showSnackbar({ message: applied.length ? t('form.reviewFields', 'Revisa los campos marcados') : errorMessage(error), variant: 'error' });
    }
  });

  const remove = async () => {
    try {
      await call(endpoints.remove, { params: { id } });
      showSnackbar({ message: t('form.deleted', 'Registro eliminado'), variant: 'success', position: 'top-end', autoHideMs: 2000 });
      back();
    } catch (error) {
      // 409: the API says what still uses the record.
      showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  };

  return {
    form,
    id,
    isNew,
    loading,
    loadError,
    record,
    submit,
    remove,
    cancel: back,
    reload,
    canSave,
    canDelete,
  };
}
