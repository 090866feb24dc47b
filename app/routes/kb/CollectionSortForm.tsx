import { Form } from 'react-router';
import { COLLECTION_SORT_PARAM, COLLECTION_SORTS, collectionSortValue } from '~core/content';
import { Button } from '~app/components/ui/Button.tsx';
import fields from '~app/components/community/community.module.css';
import styles from './CollectionSortForm.module.css';

/**
 * The collection sort context's control (spec 3): a plain GET form, so it works without scripts;
 * with them React Router sends it and the page's loader sorts again, keeping the scroll and the
 * focus. Sorting waits for the button, so moving through the choices by keyboard moves nothing.
 */
export function CollectionSortForm({
  id,
  label,
  value,
}: {
  id: string;
  label: string;
  /** The sort shown, as its parameter's value. */
  value: string;
}) {
  return (
    <Form method="get" preventScrollReset replace className={styles.form}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        key={value}
        id={id}
        name={COLLECTION_SORT_PARAM}
        defaultValue={value}
        className={fields.select}
      >
        {COLLECTION_SORTS.map((sort) => (
          <option key={collectionSortValue(sort)} value={collectionSortValue(sort)}>
            {sort.label}
          </option>
        ))}
      </select>
      <Button type="submit" label="Sort" variant="standard" size="medium" />
    </Form>
  );
}
