import { Form } from 'react-router';
import { FormIntentFields } from '~app/components/ui/FormIntentFields.tsx';
import styles from './insight.module.css';

/*
 * The content-gap list: each gap with its counts and forms of typing, and what staff can do
 * about it. A refused action shows its message at the field, with what was typed kept.
 */

export interface GapLineView {
  key: string;
  label: string;
  noResult: number;
  noClick: number;
  queries: string[];
  status: 'open' | 'assigned' | 'handled';
  assignee?: string;
  synonym?: string;
}

export interface GapActionResult {
  gap: string;
  intent: string;
  ok: boolean;
  message: string;
  typed?: string;
}

const STATUS = { open: 'Open', assigned: 'Assigned', handled: 'Handled' } as const;

function slug(key: string) {
  return key.replace(/[^a-z0-9]+/g, '-');
}

export function ContentGapList({
  gaps,
  handled,
  staff,
  result,
}: {
  gaps: readonly GapLineView[];
  handled: number;
  staff: readonly { id: string; name: string }[];
  result: GapActionResult | undefined;
}) {
  return (
    <section className={styles.section} aria-labelledby="content-gaps">
      <h2 id="content-gaps">Content gaps</h2>
      <p className={styles.muted}>
        Searches with no results or with no click, grouped across case, plurals and typos.
        {handled > 0
          ? ` ${handled} handled ${handled === 1 ? 'gap is' : 'gaps are'} not listed.`
          : ''}
      </p>
      {result?.ok ? (
        <p role="status" className={styles.status}>
          {result.message}
        </p>
      ) : null}
      {gaps.length === 0 ? (
        <p className={styles.muted}>No content gaps in this range.</p>
      ) : (
        <ul className={styles.gaps}>
          {gaps.map((gap) => {
            const id = slug(gap.key);
            const refused = result && !result.ok && result.gap === gap.key ? result : undefined;
            const synonymError = refused?.intent === 'synonym' ? refused.message : undefined;
            const assignError = refused?.intent === 'assign' ? refused.message : undefined;
            return (
              <li key={gap.key} className={styles.gap} data-gap={gap.key}>
                <h3 className={styles.gapTitle}>{gap.label}</h3>
                <p className={styles.muted}>
                  {gap.noResult} with no results, {gap.noClick} with no click · {STATUS[gap.status]}
                  {gap.assignee ? `: “write an article” assigned to ${gap.assignee}` : ''}
                  {gap.queries.length > 1 ? ` · typed as ${gap.queries.join(', ')}` : ''}
                </p>
                <div className={styles.gapActions}>
                  <Form method="post">
                    <FormIntentFields intent="synonym" fields={{ gap: gap.key }} />
                    <div className={styles.field}>
                      <label htmlFor={`synonym-${id}`}>Synonyms, separated by commas</label>
                      <input
                        id={`synonym-${id}`}
                        name="terms"
                        defaultValue={synonymError ? (refused?.typed ?? '') : `${gap.label}, `}
                        aria-invalid={synonymError ? true : undefined}
                        aria-describedby={synonymError ? `synonym-${id}-error` : undefined}
                        maxLength={500}
                      />
                      {synonymError ? (
                        <p id={`synonym-${id}-error`} className={styles.error}>
                          {synonymError}
                        </p>
                      ) : null}
                    </div>
                    <button type="submit" className={styles.button}>
                      Add synonym
                    </button>
                  </Form>
                  <Form method="post">
                    <FormIntentFields intent="assign" fields={{ gap: gap.key }} />
                    <div className={styles.field}>
                      <label htmlFor={`assign-${id}`}>Write an article</label>
                      <select
                        id={`assign-${id}`}
                        name="assignee"
                        defaultValue=""
                        aria-invalid={assignError ? true : undefined}
                        aria-describedby={assignError ? `assign-${id}-error` : undefined}
                      >
                        <option value="">Choose who</option>
                        {staff.map((member) => (
                          <option key={member.id} value={member.id}>
                            {member.name}
                          </option>
                        ))}
                      </select>
                      {assignError ? (
                        <p id={`assign-${id}-error`} className={styles.error}>
                          {assignError}
                        </p>
                      ) : null}
                    </div>
                    <button type="submit" className={styles.secondary}>
                      Assign
                    </button>
                  </Form>
                  <Form method="post">
                    <FormIntentFields intent="handled" fields={{ gap: gap.key }} />
                    <button type="submit" className={styles.secondary}>
                      Mark “{gap.label}” handled
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
