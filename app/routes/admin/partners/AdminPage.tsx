import type { ReactNode } from 'react';
import type { MetaArgs } from 'react-router';
import { PARTNER_TIERS, tierDefinitionOf } from '~core/partner';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import {
  SelectField,
  TextArea,
  TextField,
} from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { PartnerAdminNav } from './PartnerAdminNav.tsx';
import styles from './partner-admin.module.css';

/* What every page of the programme's administration draws around its own sections. */

/** The `meta` export of a programme admin page: its heading as title, never indexed. */
export function programmeAdminMeta(heading: string) {
  return ({ matches }: MetaArgs) => pageMeta(matches, () => heading, { noIndex: true });
}

export function ProgrammeAdminPage({
  heading,
  children,
}: {
  heading: string;
  children: ReactNode;
}) {
  return (
    <div className={communityStyles.page}>
      <h1 className={communityStyles.title}>{heading}</h1>
      <PartnerAdminNav />
      {children}
    </div>
  );
}

/** What a form's last sending changed, announced where the form is. */
export function FormOutcome({ formId }: { formId: string }) {
  const { done } = useFormResult(formId);
  return done ? (
    <p role="status" className={communityStyles.notice}>
      {done.message}
    </p>
  ) : null;
}

/** A section of an admin page, titled by its heading. */
export function AdminSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  /** What the section is for, said under its heading. */
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section className={communityStyles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={communityStyles.sectionTitle}>
        {title}
      </h2>
      {intro ? <p>{intro}</p> : null}
      {children}
    </section>
  );
}

/**
 * A form that adds a record, keyed by the page's key so that a resent form adds one, and
 * emptied once it has; what it did is announced above it.
 */
interface NamedForm {
  formId: string;
  intent: string;
  submitLabel: string;
  label: string;
  /** 'multipart/form-data' for a form with a file input. */
  encType?: 'multipart/form-data';
  children: ReactNode;
}

export function KeyedForm({
  token,
  children,
  ...form
}: NamedForm & { token: string; pendingLabel: string }) {
  return (
    <>
      <FormOutcome formId={form.formId} />
      <CommunityForm key={token} pageToken={token} {...form}>
        {children}
      </CommunityForm>
    </>
  );
}

/** The section that adds a record of a kind: 'Add a reward'. */
export function AddSection({
  noun,
  token,
  encType,
  children,
}: {
  noun: string;
  token: string;
  encType?: NamedForm['encType'];
  children: ReactNode;
}) {
  const label = `Add a ${noun}`;
  return (
    <AdminSection id={`add-${noun}`} title={label}>
      <KeyedForm
        formId={`add-${noun}`}
        intent="add"
        token={token}
        submitLabel={`Add ${noun}`}
        pendingLabel="Adding…"
        label={label}
        encType={encType}
      >
        {children}
      </KeyedForm>
    </AdminSection>
  );
}

/** A button that acts on one record at once, such as retiring it. */
export function RecordButton({
  formId,
  intent,
  hidden,
  label,
  buttonLabel,
  danger = false,
}: {
  formId: string;
  intent: string;
  hidden: Readonly<Record<string, string>>;
  label: string;
  buttonLabel: string;
  danger?: boolean;
}) {
  return (
    <CommunityForm
      formId={formId}
      intent={intent}
      hidden={hidden}
      submitLabel={label}
      buttonLabel={buttonLabel}
      className={communityStyles.inlineForm}
      buttonClassName={danger ? communityStyles.dangerButton : undefined}
    />
  );
}

/** A record's edit form, folded away under 'Edit {name}'. */
export function EditRecord({
  formId,
  name,
  hidden,
  saveLabel,
  encType,
  children,
}: {
  formId: string;
  name: string;
  hidden: Readonly<Record<string, string>>;
  saveLabel: string;
  encType?: NamedForm['encType'];
  children: ReactNode;
}) {
  return (
    <details>
      <summary>Edit {name}</summary>
      <CommunityForm
        formId={formId}
        intent="edit"
        hidden={hidden}
        submitLabel={saveLabel}
        label={`Edit ${name}`}
        encType={encType}
      >
        {children}
      </CommunityForm>
    </details>
  );
}

/** The tiers a partner reaches, as a field's choices. */
export const TIER_OPTIONS = PARTNER_TIERS.flatMap((tier) => {
  const definition = tierDefinitionOf(tier);
  return definition ? [{ value: tier, label: definition.label }] : [];
});

export interface FieldSpec {
  name: string;
  label: string;
  maxLength: number;
  hint?: string;
  /** A text area of so many rows. */
  rows?: number;
  optional?: boolean;
  options?: ReadonlyArray<{ value: string; label: string }>;
}

/** A record's value as a field shows it: numbers as typed, nothing (null) as empty. */
function shown(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (value === null) return '';
  return typeof value === 'string' ? value : undefined;
}

/** A form's fields from their specs, each showing the record's value when it edits one. */
export function AdminFields({
  specs,
  values,
  grid = false,
}: {
  specs: readonly FieldSpec[];
  /** The record edited, whose properties are named as the fields. */
  values?: object;
  grid?: boolean;
}) {
  const known = new Map<string, unknown>(Object.entries(values ?? {}));
  const fields = specs.map(({ rows, options, optional, ...spec }) => {
    const props = { ...spec, defaultValue: shown(known.get(spec.name)), required: !optional };
    if (options) return <SelectField key={spec.name} {...props} options={options} />;
    if (rows) return <TextArea key={spec.name} {...props} rows={rows} />;
    return <TextField key={spec.name} {...props} />;
  });
  return grid ? <div className={styles.fields}>{fields}</div> : <>{fields}</>;
}

/** A form that saves one record's settings in place, with what it did above it. */
export function RecordForm({
  children,
  ...form
}: NamedForm & { hidden: Readonly<Record<string, string>>; buttonLabel: string }) {
  return (
    <>
      <FormOutcome formId={form.formId} />
      <CommunityForm {...form}>{children}</CommunityForm>
    </>
  );
}

/**
 * What an admin does to a record that can be retired: edit it and retire it, with what was
 * done above; a retired record is only listed.
 */
export function EditOrRetire({
  record,
  name,
  retired,
  saveLabel,
  encType,
  children,
}: {
  record: { formId: string; hidden: Readonly<Record<string, string>> };
  name: string;
  retired: boolean;
  saveLabel: string;
  encType?: NamedForm['encType'];
  children: ReactNode;
}) {
  return (
    <>
      <FormOutcome formId={record.formId} />
      {retired ? null : (
        <>
          <EditRecord {...record} name={name} saveLabel={saveLabel} encType={encType}>
            {children}
          </EditRecord>
          <RecordButton
            {...record}
            intent="retire"
            label="Retire"
            buttonLabel={`Retire ${name}`}
            danger
          />
        </>
      )}
    </>
  );
}

/** A list of records, each in its own box under its heading. */
export function RecordList<T>({
  records,
  keyOf,
  heading,
  children,
  ordered = false,
  level = 3,
}: {
  records: readonly T[];
  keyOf: (record: T) => string | number;
  heading: (record: T, index: number) => ReactNode;
  children: (record: T, index: number) => ReactNode;
  ordered?: boolean;
  /** 4 for records listed under a heading of their own within the section. */
  level?: 3 | 4;
}) {
  const List = ordered ? 'ol' : 'ul';
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <List className={styles.rows}>
      {records.map((record, index) => (
        <li key={keyOf(record)} className={styles.row}>
          <Heading className={styles.rowTitle}>{heading(record, index)}</Heading>
          {children(record, index)}
        </li>
      ))}
    </List>
  );
}

/** A record's name in a list, marked once it is retired. */
export const listedName = (record: { retired: boolean }, name: string) =>
  record.retired ? `${name} (retired)` : name;
