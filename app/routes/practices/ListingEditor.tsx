import {
  MAX_DESCRIPTION,
  MAX_OFFICES,
  PRACTICE_CERTIFICATIONS,
  PRACTICE_INDUSTRIES,
  PRACTICE_LANGUAGES,
  PRACTICE_SERVICES,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Choice,
  type ListingContent,
} from '~core/practices';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import {
  CheckboxGroup,
  TextArea,
  TextField,
} from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import styles from './practices.module.css';

const options = (choices: readonly Choice[]) =>
  choices.map((choice) => ({ value: choice.key, label: choice.label }));

/**
 * The manage page's listing form: the description, the choices the directory filters on, up to
 * MAX_OFFICES offices with their week's hours (one empty office to add another), and which of
 * the practice's people the listing shows. Saving keeps a draft; publishing is separate.
 */
export function ListingEditor({
  draft,
  people,
}: {
  draft: ListingContent;
  people: readonly { id: string; name: string }[];
}) {
  const offices = Array.from(
    { length: Math.min(draft.offices.length + 1, MAX_OFFICES) },
    (_, index) => draft.offices[index],
  );
  return (
    <CommunityForm
      formId="listing"
      intent="save"
      label="Your listing"
      submitLabel="Save the draft"
      pendingLabel="Saving…"
    >
      <TextArea
        name="description"
        label="Description"
        hint="What the practice does and for whom. Markdown: **bold**, lists, links. A new description is read by a moderator before it is shown."
        defaultValue={draft.description}
        maxLength={MAX_DESCRIPTION}
        rows={8}
        required
        checkBannedWords
      />
      <CheckboxGroup
        name="service"
        legend="Services"
        required
        options={options(PRACTICE_SERVICES)}
        defaultValues={draft.services}
      />
      <CheckboxGroup
        name="industry"
        legend="Industries"
        options={options(PRACTICE_INDUSTRIES)}
        defaultValues={draft.industries}
      />
      <CheckboxGroup
        name="language"
        legend="Languages spoken"
        options={options(PRACTICE_LANGUAGES)}
        defaultValues={draft.languages}
      />
      <CheckboxGroup
        name="certification"
        legend="Certifications"
        options={options(PRACTICE_CERTIFICATIONS)}
        defaultValues={draft.certifications}
      />
      {offices.map((office, index) => (
        <fieldset key={index} className={communityStyles.fieldset}>
          <legend className={communityStyles.legend}>
            {office
              ? `Office ${index + 1}: ${office.label}`
              : `Add an office${index === 0 ? '' : ' (optional)'}`}
          </legend>
          <TextField
            name={`office${index}.label`}
            label="Name"
            defaultValue={office?.label ?? ''}
            maxLength={80}
            required={office !== undefined}
          />
          <TextField
            name={`office${index}.address`}
            label="Street address"
            defaultValue={office?.address ?? ''}
            maxLength={200}
            required={office !== undefined}
          />
          <TextField
            name={`office${index}.place`}
            label="Town, city or postcode"
            hint="Visitors find the office by distance from this place."
            defaultValue={office?.place ?? ''}
            maxLength={80}
            required={office !== undefined}
          />
          <p className={communityStyles.hint}>
            Opening hours, as HH:MM from 00:00 to 23:59; leave a day empty when closed.
          </p>
          {WEEKDAYS.map((day) => (
            <div key={day} className={styles.timeRow}>
              <TextField
                name={`office${index}.${day}.opens`}
                label={`${WEEKDAY_LABELS[day]} opens`}
                defaultValue={office?.hours[day]?.opens ?? ''}
                maxLength={8}
              />
              <TextField
                name={`office${index}.${day}.closes`}
                label={`${WEEKDAY_LABELS[day]} closes`}
                defaultValue={office?.hours[day]?.closes ?? ''}
                maxLength={8}
              />
            </div>
          ))}
        </fieldset>
      ))}
      <CheckboxGroup
        name="staff"
        legend="People shown on the listing"
        options={people.map((person) => ({ value: person.id, label: person.name }))}
        defaultValues={draft.staffShown}
      />
    </CommunityForm>
  );
}
