import { Link } from 'react-router';
import { INVITED_ROLES, PRACTICE_ROLE_LABELS } from '~core/practices';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import { SelectField, TextField } from '~app/components/community/CommunityFormFields.tsx';
import { dayLabel } from '~app/components/partners/ChallengeCard.tsx';
import styles from '~app/components/partners/partners.module.css';
import communityStyles from '~app/components/community/community.module.css';
import type { PracticeSection } from './account-practice.server.ts';

/*
 * The account page's Practice section: the practice, its people and, for those who may, the
 * invitation form, the pending invitations and the people's history. Removing someone and
 * handing the practice over go through a confirmation that is its own address (`?remove=`,
 * `?handover=`), so they need no script.
 */

function Answer({ formId }: { formId: string }) {
  const { done } = useFormResult(formId);
  return (
    <p role="status" className={styles.status}>
      {done ? <span className={communityStyles.notice}>{done.message}</span> : null}
    </p>
  );
}

export function NoPractice({ createPath }: { createPath: string }) {
  return (
    <section id="practice" className={styles.panel} aria-labelledby="practice-heading">
      <h2 id="practice-heading">Practice</h2>
      <p>
        You do not belong to a practice yet. <Link to={createPath}>Create a practice account</Link>,
        or ask your practice’s principal contact to invite you.
      </p>
    </section>
  );
}

export function PracticePeople({ section }: { section: PracticeSection }) {
  const { practice, people, history, removing, handingOver } = section;
  return (
    <section id="practice" className={styles.panel} aria-labelledby="practice-heading">
      <h2 id="practice-heading">{`Practice: ${practice.name}`}</h2>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>Market</dt>
          <dd>{section.marketLabel}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Tier</dt>
          <dd>{section.tierLabel}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Your role</dt>
          <dd>{PRACTICE_ROLE_LABELS[section.role]}</dd>
        </div>
      </dl>
      <h3 id="people-heading">People</h3>
      <Answer formId="people" />
      {removing ? (
        <Confirmation
          question={`Remove ${removing.name}?`}
          explanation="They leave the practice and lose partner access at once. To have them back, invite them again."
          intent="remove"
          userId={removing.userId}
          confirmLabel={`Yes, remove ${removing.name}`}
          keepLabel={`Keep ${removing.name}`}
        />
      ) : null}
      {handingOver ? (
        <Confirmation
          question={`Make ${handingOver.name} the principal contact?`}
          explanation="They decide who joins and who leaves the practice; you become a primary contact. Only they can give the role back."
          intent="hand-over"
          userId={handingOver.userId}
          confirmLabel={`Yes, make ${handingOver.name} principal contact`}
          keepLabel="Stay principal contact"
        />
      ) : null}
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-labelledby="people-heading">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Since</th>
              {section.mayRemove ? (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {people.map((person) => (
              <tr key={person.userId}>
                <td>
                  <strong>{person.name}</strong>
                  {person.userId === section.you ? ' (you)' : ''}
                  <span className={styles.meta}>{person.email}</span>
                </td>
                <td>{person.roleLabel}</td>
                <td>{dayLabel(person.joinedAt)}</td>
                {section.mayRemove ? (
                  <td>
                    {person.role === 'principal' ? null : (
                      <span className={styles.personActions}>
                        <Link
                          to={`?handover=${encodeURIComponent(person.userId)}#practice`}
                          aria-label={`Make ${person.name} principal contact`}
                        >
                          Make principal
                        </Link>
                        <Link
                          to={`?remove=${encodeURIComponent(person.userId)}#practice`}
                          aria-label={`Remove ${person.name}`}
                        >
                          Remove
                        </Link>
                      </span>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {section.mayInvite ? <Invitations section={section} /> : null}
      {history.length > 0 ? (
        <>
          <h3 id="history-heading">Changes to the people</h3>
          <ul className={styles.people} aria-labelledby="history-heading">
            {history.map((line) => (
              <li key={line.id}>
                {`${line.label}: ${line.who}`}
                <span className={styles.meta}>{`${dayLabel(line.at)} by ${line.by}`}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** A question the principal contact answers before a change of people, focused as it appears. */
function Confirmation(props: {
  question: string;
  explanation: string;
  intent: string;
  userId: string;
  confirmLabel: string;
  keepLabel: string;
}) {
  return (
    <div className={styles.warning} role="group" aria-labelledby="confirm-heading">
      <h4 id="confirm-heading" tabIndex={-1} ref={(heading) => heading?.focus()}>
        {props.question}
      </h4>
      <p>{props.explanation}</p>
      <CommunityForm
        formId={props.intent}
        intent={props.intent}
        hidden={{ userId: props.userId }}
        submitLabel={props.confirmLabel}
        buttonClassName={communityStyles.dangerButton}
      />
      <p>
        <Link to="?#practice">{props.keepLabel}</Link>
      </p>
    </div>
  );
}

function Invitations({ section }: { section: PracticeSection }) {
  const { invitations } = section;
  return (
    <>
      <h3 id="invite-heading">Invite someone</h3>
      <CommunityForm
        formId="invite"
        intent="invite"
        label="Invite someone to the practice"
        submitLabel="Send the invitation"
        pendingLabel="Sending…"
      >
        <TextField
          name="email"
          label="E-mail address"
          hint="They join by opening the link we send and signing in with this address."
          required
          maxLength={254}
        />
        <SelectField
          name="role"
          label="Role"
          required
          defaultValue="member"
          options={INVITED_ROLES.map((role) => ({
            value: role,
            label: PRACTICE_ROLE_LABELS[role],
          }))}
        />
      </CommunityForm>
      <Answer formId="invite" />
      <h3 id="invitations-heading">Pending invitations</h3>
      <Answer formId="invitations" />
      {invitations.length === 0 ? (
        <p>No invitations are waiting.</p>
      ) : (
        <ul className={styles.people} aria-labelledby="invitations-heading">
          {invitations.map((invitation) => (
            <li key={invitation.id} className={styles.reward}>
              <span>
                <strong>{invitation.email}</strong>
                {` as ${invitation.roleLabel.toLowerCase()}`}
                <span className={styles.meta}>
                  {`Sent ${dayLabel(invitation.createdAt)} by ${invitation.invitedBy}; `}
                  {invitation.expired
                    ? 'expired: invite them again to send a new link'
                    : `the link works until ${dayLabel(invitation.expiresAt)}`}
                </span>
              </span>
              <CommunityForm
                formId={`withdraw-${invitation.id}`}
                intent="withdraw"
                hidden={{ invitationId: invitation.id }}
                submitLabel="Withdraw"
                buttonLabel={`Withdraw the invitation to ${invitation.email}`}
                buttonClassName={communityStyles.quietButton}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
