import { type ComponentType, type ReactNode } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import {
  fieldApplies,
  formSections,
  listColumns,
  recordName,
  resourceEndpoints,
  type FieldDefinition,
  type ResourceDefinition,
  type ResourceRecord,
  type ValueLabel,
} from '@planta/contracts';
import { useFormat, type Formats } from './format';
import { FormCheckboxGroup, FormDateField, FormNumberField, FormSelect, FormTextField, FormTimeField, type SelectOption } from './form-fields';
import { FormPage, FormSection } from './form-page';
import { useReferenceOptions } from './reference-options';
import { ResourceList, type ExportValue, type ResourceColumn } from './resource-list';
import { useResourceTexts, type ResourceTexts } from './resource-texts';
import { useResourceForm, type ResourceForm, type ResourceFormOptions, type ResourceFormValues } from './use-resource-form';

/** What a field of a resource form is drawn with. */
export interface ResourceFieldProps {
  name: string;
  definition: FieldDefinition;
  control: Control<ResourceFormValues>;
  label: string;
  required: boolean;
  texts: ResourceTexts;
  autoFocus?: boolean;
}

/** A field drawn by the screen itself instead of by its kind (the line's derived cross-section). */
export type FieldRenderer = ComponentType<ResourceFieldProps & { page: ResourceForm<ResourceDefinition> }>;

/** The input of a field, by its kind: text, number, choice, reference, time or a set of choices. */
export function ResourceField({ name, definition, control, label, required, texts, autoFocus }: ResourceFieldProps) {
  const references = useReferenceOptions(definition.kind === 'reference' ? definition.to : undefined);
  const frame = { control, name, label, required, hint: texts.hint(name) };
  switch (definition.kind) {
    case 'text':
      return <FormTextField {...frame} multiline={definition.multiline} autoFocus={autoFocus} />;
    case 'time':
      return <FormTimeField {...frame} />;
    case 'date':
      return <FormDateField {...frame} />;
    case 'number':
    case 'integer':
      return <FormNumberField {...frame} />;
    case 'choice':
      return (
        <FormSelect
          {...frame}
          nullable={definition.nullable}
          placeholder={texts.placeholder(name, required)}
          options={definition.values.map((value) => ({ value, label: texts.value(name, value) }))}
        />
      );
    case 'reference':
      return <FormSelect {...frame} numeric placeholder={texts.placeholder(name, required)} options={references} />;
    case 'integerSet':
      return (
        <FormCheckboxGroup
          control={control}
          name={name}
          label={label}
          required={required}
          options={definition.values.map((value) => ({ value, label: texts.value(name, value) }))}
        />
      );
  }
}

export interface ResourceScreenOverrides<R extends ResourceDefinition> {
  /** Fields the screen draws itself. */
  fields?: Readonly<Record<string, FieldRenderer>>;
  /** List columns the screen shows differently (a schedule, a unit), given the resource's texts. */
  columns?: (texts: ResourceTexts) => Readonly<Record<string, Partial<ResourceColumn<ResourceRecord<R>>>>>;
  /** Form values of a loaded record where a field shows something else than what is stored. */
  toFormValues?: ResourceFormOptions<R>['toFormValues'];
}

/** Create and edit of a resource: its sections and fields, drawn from the declaration. */
export function ResourceFormScreen<R extends ResourceDefinition>({ resource, overrides = {} }: { resource: R; overrides?: ResourceScreenOverrides<R> }) {
  const texts = useResourceTexts(resource);
  const page = useResourceForm(resource, { toFormValues: overrides.toFormValues });
  const values = useWatch({ control: page.form.control });
  const firstField = formSections(resource)[0]?.fields[0];
  const title = page.isNew ? texts.newTitle() : texts.editTitle(page.record ? recordName(resource, page.record as Record<string, unknown>) : '');
  return (
    <FormPage title={title} page={page}>
      {formSections(resource).map((section) => (
        <FormSection key={section.key ?? 'fields'} title={section.key ? texts.section(section.key) : null}>
          {section.fields.map((name) => {
            const definition = resource.fields[name];
            if (!fieldApplies(definition, values)) return null;
            const props: ResourceFieldProps = {
              name,
              definition,
              control: page.form.control,
              label: texts.field(name),
              required: Boolean(definition.required),
              texts,
              autoFocus: page.isNew && name === firstField,
            };
            const Own = overrides.fields?.[name];
            return Own ? <Own key={name} {...props} page={page as unknown as ResourceForm<ResourceDefinition>} /> : <ResourceField key={name} {...props} />;
          })}
        </FormSection>
      ))}
    </FormPage>
  );
}

/** How a stored value reads in a list cell and in the Excel export. */
function cellText(definition: FieldDefinition, value: unknown, texts: ResourceTexts, name: string, format: Formats, references: SelectOption[]): string {
  if (value === null || value === undefined || value === '') return '';
  switch (definition.kind) {
    case 'number':
    case 'integer':
      return format.number(Number(value));
    case 'choice':
      return texts.value(name, String(value));
    case 'integerSet':
      return (value as number[]).map((item) => texts.value(name, item)).join(', ');
    case 'reference':
      return references.find((option) => option.value === value)?.label ?? String(value);
    case 'date':
      return format.date(String(value));
    default:
      return String(value);
  }
}

/** The label of each stored value of a choice, a set of choices or a reference: what the search and sort go by. */
function columnLabels(definition: FieldDefinition, name: string, texts: ResourceTexts, references: SelectOption[]): ValueLabel[] | undefined {
  switch (definition.kind) {
    case 'choice':
    case 'integerSet':
      return definition.values.map((value) => ({ value, label: texts.value(name, value) }));
    case 'reference':
      return references.map((option) => ({ value: option.value, label: option.label }));
    default:
      return undefined;
  }
}

/** The first reference column of a list, whose records name its cells (a list shows at most one in practice). */
function useColumnReferences(resource: ResourceDefinition): SelectOption[] {
  const reference = listColumns(resource)
    .map((column) => resource.fields[column.field])
    .find((definition): definition is Extract<FieldDefinition, { kind: 'reference' }> => definition?.kind === 'reference');
  return useReferenceOptions(reference?.to);
}

/** The list of a resource: its declared columns, sorting, search and export; 'Nuevo' by the grants. */
export function ResourceListScreen<R extends ResourceDefinition>({ resource, overrides = {} }: { resource: R; overrides?: ResourceScreenOverrides<R> }) {
  const texts = useResourceTexts(resource);
  const format = useFormat();
  const references = useColumnReferences(resource);
  const endpoints = resourceEndpoints(resource);
  type Row = ResourceRecord<R>;
  const own = overrides.columns?.(texts) ?? {};
  const columns: ResourceColumn<Row>[] = listColumns(resource).map((column) => {
    const definition = resource.fields[column.field];
    const text = (row: Row) => cellText(definition, (row as Record<string, unknown>)[column.field], texts, column.field, format, references);
    return {
      labels: columnLabels(definition, column.field, texts, references),
      key: column.field,
      label: column.label ? texts.label(column.label) : texts.field(column.field),
      sortable: resource.list.sortable.includes(column.field),
      width: column.width,
      priority: column.priority,
      render: text as (row: Row) => ReactNode,
      exportValue: (row: Row): ExportValue =>
        definition.kind === 'number' || definition.kind === 'integer' ? ((row as Record<string, unknown>)[column.field] as number | null) : text(row),
      ...own[column.field],
    };
  });
  return (
    <ResourceList<Row>
      list={endpoints.list}
      create={endpoints.create}
      basePath={resource.route}
      title={texts.title()}
      emptyText={texts.empty()}
      exportName={resource.list.exportName}
      columns={columns}
      defaultSort={{ key: resource.list.defaultSort, direction: 'asc' }}
    />
  );
}

/** The page of `<route>/:id`: the list at `all`, otherwise the form (`new` creates). */
export function resourcePage<R extends ResourceDefinition>(resource: R, overrides: ResourceScreenOverrides<R> = {}): ComponentType {
  function ResourcePage() {
    const { id } = useParams();
    return id === 'all' ? (
      <ResourceListScreen resource={resource} overrides={overrides} />
    ) : (
      <ResourceFormScreen key={id} resource={resource} overrides={overrides} />
    );
  }
  ResourcePage.displayName = `${resource.name}Page`;
  return ResourcePage;
}
