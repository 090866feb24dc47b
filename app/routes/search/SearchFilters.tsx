import { useId } from 'react';
import { relativeDateFacetLabel } from '~core/search';
import type { Facet } from '~app/search/search-api.ts';
import styles from './search.module.css';

/* The search page's filters: a group of values per facet, and the date facet's ranges. */

export function FacetGroup({
  facet,
  selected,
  onToggle,
}: {
  facet: Facet;
  selected: readonly string[];
  onToggle: (value: string) => void;
}) {
  const values = facet.values.filter(
    (value) => value.numberOfResults > 0 || selected.includes(value.value),
  );
  if (values.length === 0) return null;
  return (
    <fieldset className={styles.facet}>
      <legend className={styles.facetLegend}>{facet.label}</legend>
      <ul className={styles.facetValues}>
        {values.map((value) => (
          <li key={value.value}>
            <label className={styles.facetValue}>
              <input
                type="checkbox"
                checked={selected.includes(value.value)}
                onChange={() => onToggle(value.value)}
              />
              <span className={styles.facetLabel}>{value.label || value.value}</span>
              <span className={styles.facetCount}>
                {value.numberOfResults}
                <span className="visually-hidden"> results</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The API answers the relative date facet under this field; its values are range ids. */
export const DATE_FACET_FIELD = 'date';

/** One range at a time, so a radio group; 'Any time' clears it. */
export function DateFacet({
  facet,
  selected,
  onChange,
}: {
  facet: Facet;
  selected: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const name = useId();
  const ranges = facet.values.filter(
    (value) => value.numberOfResults > 0 || value.value === selected,
  );
  if (ranges.length === 0) return null;
  const options = [
    { id: undefined, label: 'Any time', count: undefined },
    ...ranges.map((value) => ({
      id: value.value,
      label: relativeDateFacetLabel(value.value) ?? value.label,
      count: value.numberOfResults,
    })),
  ];
  return (
    <fieldset className={styles.facet}>
      <legend className={styles.facetLegend}>{facet.label}</legend>
      <ul className={styles.facetValues}>
        {options.map((option) => (
          <li key={option.id ?? 'any'}>
            <label className={styles.facetValue}>
              <input
                type="radio"
                name={name}
                checked={selected === option.id}
                onChange={() => onChange(option.id)}
              />
              <span className={styles.facetLabel}>{option.label}</span>
              {option.count === undefined ? null : (
                <span className={styles.facetCount}>
                  {option.count}
                  <span className="visually-hidden"> results</span>
                </span>
              )}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
