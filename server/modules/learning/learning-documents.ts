import type { Insertable } from 'kysely';
import { learningSearchType, nextClassDates, type LearningItemRecord } from '~core/learning';
import { NEXT_CLASS_FIELDS } from '~core/search';
import { REGIONS } from '~core/regions';
import { learningActivityUrl } from '~core/search';
import { UNUSED_SEARCH_FIELDS, type SearchDocumentTable } from '~server/modules/search';

/** The search documents the learning module owns carry this origin. */
export const LEARNING_ORIGIN = 'learning';
const LEARNING_SOURCE = 'Learning';

/**
 * An item's search document (spec 3 fields): it links to its activity on the learning platform,
 * and a classroom carries its next class date for each region it meets in.
 */
export function learningSearchDocument(
  id: string,
  item: LearningItemRecord,
  settings: { learningBaseUrl: string; asOf: string; now: string },
): Insertable<SearchDocumentTable> {
  const type = learningSearchType(item);
  const nextClass = nextClassDates(item, settings.asOf);
  const nextClassFields = Object.fromEntries(
    REGIONS.map((region) => [NEXT_CLASS_FIELDS[region], nextClass[region] ?? null]),
  );
  return {
    ...UNUSED_SEARCH_FIELDS,
    unique_id: id,
    origin: LEARNING_ORIGIN,
    title: item.title,
    excerpt:
      item.description.length > 300 ? `${item.description.slice(0, 297)}…` : item.description,
    body_text: [item.description, type.objecttypelabel, ...item.audience, ...item.products].join(
      '\n',
    ),
    click_uri: learningActivityUrl(settings.learningBaseUrl, item.id),
    objecttype: type.objecttype,
    objecttypelabel: type.objecttypelabel,
    common_contenttype: type.contentType,
    syssource: LEARNING_SOURCE,
    source: LEARNING_SOURCE,
    collection: 'default',
    documenttype: type.objecttype,
    language: 'en',
    permanentid: item.id,
    sfcoreproductc: JSON.stringify(item.products),
    sfaudiencec: JSON.stringify(item.audience),
    sfcreateddate: settings.asOf.slice(0, 10),
    sfdescription: item.description,
    sflearning_format__c: type.contentType,
    sfintellumapp__id__c: item.id,
    sfredwingtrainingplancid: item.type === 'learning_plan' ? item.id : null,
    sfredwingtrainingtrackcid: item.type === 'learning_track' ? item.id : null,
    ...nextClassFields,
    updated_at: settings.now,
  };
}
