import type { ChangeEvent } from 'react';
import {
  ATTACHMENTS_FIELD,
  CONTACT_METHODS,
  CONTACT_METHOD_LABELS,
  DESCRIPTION_MAX,
  DRAFT_LAPSED_MESSAGE,
  IMPACTS,
  IMPACT_LABELS,
  SUBJECT_MAX,
  type ContactMethod,
  type CaseImpact,
  type RaisableQueue,
} from '~core/cases';
import { ATTACHMENT_ACCEPT } from '~core/validation';
import styles from '../community/community.module.css';
import caseStyles from './cases.module.css';
import { ATTACHMENT_HINT, DraftFileList } from './CaseAttachments.tsx';
import { FlowChoices, FlowFiles, FlowInput, FlowSelect, FlowTextArea } from './FlowField.tsx';
import type { SearchResult } from '~core/search';
import { CaseDeflectionList } from '../search/CaseDeflectionCard.tsx';
import type { FlowProposal, FlowState, FlowValues } from './raise-flow-data.ts';

/** The fields each step shows; the other steps' values travel as hidden fields. */
export const STEP_FIELDS = {
  describe: ['subject', 'description', 'product'],
  classify: ['categoryId', 'topicId'],
  deflect: [],
  details: [
    'impact',
    'contactMethod',
    'contactEmail',
    'contactPhone',
    'callbackFrom',
    'callbackTo',
  ],
  review: [],
} as const satisfies Record<FlowState['step'], ReadonlyArray<keyof FlowValues>>;

export interface StepOptions {
  /** Whose categories the flow offers: customers' or the partner programme's. */
  queue: RaisableQueue;
  categories: ReadonlyArray<{
    id: string;
    name: string;
    topics: ReadonlyArray<{ id: string; name: string }>;
  }>;
  products: ReadonlyArray<{ value: string; label: string }>;
}

type ErrorOf = (field: keyof FlowValues) => string | undefined;

export function DescribeStep({
  values,
  errorOf,
  options,
}: {
  values: FlowValues;
  errorOf: ErrorOf;
  options: StepOptions;
}) {
  return (
    <>
      <FlowInput
        name="subject"
        label="Subject"
        hint="One line that sums up the problem."
        value={values.subject}
        error={errorOf('subject')}
        maxLength={SUBJECT_MAX}
      />
      <FlowTextArea
        name="description"
        label="Description"
        hint="What were you doing, what happened, and what did you expect? Markdown is supported."
        value={values.description}
        error={errorOf('description')}
        maxLength={DESCRIPTION_MAX}
      />
      {options.products.length > 0 ? (
        <FlowSelect
          name="product"
          label="Product"
          optional
          value={values.product}
          error={errorOf('product')}
          options={[{ value: '', label: 'Not sure' }, ...options.products]}
        />
      ) : null}
    </>
  );
}

/**
 * The category and topic chooser. A model's proposal, when there is one, is shown here as the
 * preselected choice: the customer confirms or changes it with the same fields.
 */
export function ClassifyStep({
  values,
  errorOf,
  options,
  proposal,
}: {
  values: FlowValues;
  errorOf: ErrorOf;
  options: StepOptions;
  proposal: FlowProposal | undefined;
}) {
  const withTopics = options.categories.filter((category) => category.topics.length > 0);
  // A topic is of one category: choosing another category empties a topic of the one before,
  // so a proposed topic is not sent under a category it does not belong to.
  const keepTopicOfCategory = (event: ChangeEvent<HTMLInputElement>) => {
    const topic = event.currentTarget.form?.elements.namedItem('topicId');
    const category = options.categories.find(({ id }) => id === event.currentTarget.value);
    if (!(topic instanceof HTMLSelectElement) || topic.value === '') return;
    if (!category?.topics.some(({ id }) => id === topic.value)) topic.value = '';
  };
  const proposed = options.categories.find((category) => category.id === values.categoryId);
  const proposedTopic = proposed?.topics.find((topic) => topic.id === values.topicId);
  return (
    <>
      {proposal && proposed ? (
        <p className={caseStyles.proposal} role="status">
          We suggest{' '}
          <strong>
            {proposed.name}
            {proposedTopic ? ` › ${proposedTopic.name}` : ''}
          </strong>{' '}
          ({proposal.percent}% sure
          {proposal.because.length > 0
            ? `, from words like “${proposal.because.join('”, “')}”`
            : ''}
          ). Keep it or choose another.
        </p>
      ) : null}
      <FlowChoices
        name="categoryId"
        legend="What is it about?"
        value={values.categoryId}
        error={errorOf('categoryId')}
        options={options.categories.map((category) => ({
          value: category.id,
          label: category.name,
        }))}
        onChange={keepTopicOfCategory}
      />
      {withTopics.length > 0 ? (
        <FlowSelect
          name="topicId"
          label="Topic"
          optional
          hint="A topic of the category you chose, if one fits."
          value={values.topicId}
          error={errorOf('topicId')}
          options={[{ value: '', label: 'No particular topic' }]}
          groups={withTopics.map((category) => ({
            label: category.name,
            options: category.topics.map((topic) => ({ value: topic.id, label: topic.name })),
          }))}
        />
      ) : null}
    </>
  );
}

export function DeflectStep({ results }: { results: readonly SearchResult[] }) {
  return (
    <>
      <p>
        These may answer your question straight away. Each opens in a new tab, so your case stays
        here.
      </p>
      {results.length > 0 ? (
        <CaseDeflectionList results={results} label="Help that matches your question" />
      ) : (
        <p className={styles.muted}>We found no help that matches. Continue to raise your case.</p>
      )}
    </>
  );
}

/** The draft's files and what is said about them: a refusal, or that earlier ones lapsed. */
export interface StepFiles {
  files: NonNullable<FlowState['files']>;
  /** The refusal at the file field, if that is what the error is about. */
  error: string | undefined;
  lapsed: boolean;
}

/** A refusal at the file field, else the word that the files chosen earlier lapsed. */
function filesMessage(files: StepFiles): string | undefined {
  return files.error ?? (files.lapsed ? DRAFT_LAPSED_MESSAGE : undefined);
}

/**
 * Impact, files and contact. Files chosen here are checked and kept on the server when the
 * step is sent (the browser forgets them), so they are listed here and on the review step.
 */
export function DetailsStep({
  values,
  errorOf,
  files,
}: {
  values: FlowValues;
  errorOf: ErrorOf;
  files: StepFiles;
}) {
  return (
    <>
      <FlowChoices
        name="impact"
        legend="How many people does this stop from working?"
        value={values.impact}
        error={errorOf('impact')}
        options={IMPACTS.map((impact: CaseImpact) => ({
          value: impact,
          label: IMPACT_LABELS[impact],
        }))}
      />
      <FlowFiles
        name={ATTACHMENTS_FIELD}
        label={files.files.length > 0 ? 'Attach more files' : 'Attach files'}
        hint={ATTACHMENT_HINT}
        accept={ATTACHMENT_ACCEPT}
        error={filesMessage(files)}
        optional
      >
        <DraftFileList files={files.files} removable={false} />
      </FlowFiles>
      <FlowChoices
        name="contactMethod"
        legend="How should we contact you?"
        value={values.contactMethod}
        error={errorOf('contactMethod')}
        options={CONTACT_METHODS.map((method: ContactMethod) => ({
          value: method,
          label: CONTACT_METHOD_LABELS[method],
        }))}
      />
      <FlowInput
        name="contactEmail"
        type="email"
        label="E-mail address"
        hint="For contact by e-mail."
        autoComplete="email"
        value={values.contactEmail}
        error={errorOf('contactEmail')}
        maxLength={254}
      />
      <FlowInput
        name="contactPhone"
        type="tel"
        label="Phone number"
        hint="For a call or a call back, with the country code if you are abroad."
        autoComplete="tel"
        value={values.contactPhone}
        error={errorOf('contactPhone')}
        maxLength={30}
      />
      <div className={caseStyles.buttons}>
        <FlowInput
          name="callbackFrom"
          type="time"
          label="Call back from"
          value={values.callbackFrom}
          error={errorOf('callbackFrom')}
        />
        <FlowInput
          name="callbackTo"
          type="time"
          label="Call back until"
          value={values.callbackTo}
          error={errorOf('callbackTo')}
        />
      </div>
    </>
  );
}

export function ReviewStep({
  values,
  options,
  files,
}: {
  values: FlowValues;
  options: StepOptions;
  files: StepFiles;
}) {
  const message = filesMessage(files);
  const category = options.categories.find((candidate) => candidate.id === values.categoryId);
  const topic = category?.topics.find((candidate) => candidate.id === values.topicId);
  const product = options.products.find((candidate) => candidate.value === values.product);
  // The values come back from a post as typed: only the known choices are looked up.
  const method = CONTACT_METHODS.find((candidate) => candidate === values.contactMethod);
  const impact = IMPACTS.find((candidate) => candidate === values.impact);
  const contact =
    method === 'email'
      ? values.contactEmail
      : method === 'phone'
        ? values.contactPhone
        : `${values.contactPhone}, ${values.callbackFrom}–${values.callbackTo}`;
  return (
    <dl className={caseStyles.review}>
      <dt>Subject</dt>
      <dd>{values.subject}</dd>
      <dt>Description</dt>
      <dd>{values.description}</dd>
      <dt>Product</dt>
      <dd>{product?.label ?? 'Not sure'}</dd>
      <dt>Category</dt>
      <dd>{topic ? `${category?.name ?? ''}: ${topic.name}` : (category?.name ?? '')}</dd>
      <dt>Impact</dt>
      <dd>{impact ? IMPACT_LABELS[impact] : ''}</dd>
      <dt>Contact</dt>
      <dd>
        {method ? CONTACT_METHOD_LABELS[method] : ''}: {contact}
      </dd>
      <dt>Files</dt>
      <dd>
        {files.files.length === 0 ? 'None' : null}
        <DraftFileList files={files.files} removable />
        {message ? (
          <p role="alert" className={caseStyles.error}>
            {message}
          </p>
        ) : null}
      </dd>
    </dl>
  );
}
