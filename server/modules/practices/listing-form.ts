import {
  checkDayHours,
  cleanChoices,
  MAX_DESCRIPTION,
  MAX_OFFICES,
  resolvePlace,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type DayHours,
  type ListingContent,
  type ListingOffice,
  type PracticeMarket,
  type Weekday,
} from '~core/practices';
import { isValidTimeOfDay } from '~core/validation';
import { directoryGazetteer } from './gazetteer/gazetteer.ts';
import { invalid, type FieldProblem } from './practices.context.ts';

/*
 * The manage page's listing form, read into a draft: its fields are named `office{n}.label`,
 * `office{n}.address`, `office{n}.place`, `office{n}.{day}.opens` and `.closes`, and the
 * choices are repeated names (`service`, `industry`, `language`, `certification`, `staff`).
 */

export interface ListingForm {
  get(name: string): string;
  getAll(name: string): string[];
}

function readOffice(
  form: ListingForm,
  index: number,
  market: PracticeMarket,
): ListingOffice | FieldProblem | undefined {
  const prefix = `office${index}`;
  const label = form.get(`${prefix}.label`).trim();
  const address = form.get(`${prefix}.address`).trim();
  const placeName = form.get(`${prefix}.place`).trim();
  if (label === '' && address === '' && placeName === '') return undefined;
  if (address === '' || address.length > 200)
    return invalid(`${prefix}.address`, 'Enter the office’s street address, up to 200 characters.');
  const place = resolvePlace(directoryGazetteer(), placeName, market);
  if (!place || place.market !== market)
    return invalid(
      `${prefix}.place`,
      `We could not find "${placeName}". Enter the name of the town or city it is in.`,
    );
  const hours: Partial<Record<Weekday, DayHours>> = {};
  for (const day of WEEKDAYS) {
    const times = {
      opens: form.get(`${prefix}.${day}.opens`).trim(),
      closes: form.get(`${prefix}.${day}.closes`).trim(),
    };
    const check = checkDayHours(WEEKDAY_LABELS[day], times);
    if (!check.ok) {
      const wrong = isValidTimeOfDay(times.opens) ? 'closes' : 'opens';
      return invalid(`${prefix}.${day}.${wrong}`, check.message);
    }
    if (times.opens !== '')
      hours[day] = { opens: times.opens.slice(0, 5), closes: times.closes.slice(0, 5) };
  }
  return {
    label: label.slice(0, 80) || 'Office',
    address,
    place: placeName,
    lat: place.lat,
    lon: place.lon,
    hours,
  };
}

/** The draft the form describes, or the first field that is wrong. */
export function readListingForm(
  form: ListingForm,
  market: PracticeMarket,
  previous: ListingContent,
  people: readonly string[],
): ListingContent | FieldProblem {
  const description = form.get('description');
  if (description.length > MAX_DESCRIPTION)
    return invalid('description', `Keep the description under ${MAX_DESCRIPTION} characters.`);
  const offices: ListingOffice[] = [];
  for (let index = 0; index < MAX_OFFICES; index += 1) {
    const office = readOffice(form, index, market);
    if (office && 'kind' in office) return office;
    if (office) offices.push(office);
  }
  const staff = new Set(form.getAll('staff'));
  return cleanChoices({
    description: description.trim(),
    services: form.getAll('service'),
    industries: form.getAll('industry'),
    languages: form.getAll('language'),
    certifications: form.getAll('certification'),
    offices,
    staffShown: people.filter((id) => staff.has(id)),
    logo: previous.logo,
  });
}
