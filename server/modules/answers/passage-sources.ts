import type { Kysely } from 'kysely';
import { splitSections } from '~core/answers';
import type { Database } from '~server/db/schema.ts';
import { listAcceptedAnswers } from '~server/modules/community';
import {
  listArticleTexts,
  listGlossaryEntryTexts,
  listGuideTexts,
  markdownToPlainText,
} from '~server/modules/content';
import {
  listLearningItemDocuments,
  listSearchDocumentsByIds,
  type SearchDocument,
} from '~server/modules/search';

/**
 * A passage as a source gives it: a piece of one searchable item small enough to quote, with
 * the item's search document (its raw fields, link, region and hub scope).
 */
export interface SourcePassage {
  document: SearchDocument;
  /** The item's url name or slug, which evaluation and logs refer to it by. */
  name: string;
  /** The section heading, or null for the part before the first heading. */
  heading: string | null;
  /** Plain text, one block per line. */
  text: string;
}

/**
 * Where passages come from. Each kind of content has one; more (such as accepted community
 * answers) are added by passing them to createAnswersService. A source's items must have
 * search documents written in the same transaction as the items, since the search index
 * version is what tells the answer index to reload.
 */
export interface PassageSource {
  readonly name: string;
  load(db: Kysely<Database>): Promise<SourcePassage[]>;
}

async function documentsById(
  db: Kysely<Database>,
  ids: string[],
): Promise<Map<string, SearchDocument>> {
  const documents = await listSearchDocumentsByIds(db, ids);
  return new Map(documents.map((document) => [document.unique_id, document]));
}

/** Items with their search documents: an item search cannot find is not cited either. */
async function withDocuments<Item extends { id: string }>(
  db: Kysely<Database>,
  items: Item[],
): Promise<{ item: Item; document: SearchDocument }[]> {
  const documents = await documentsById(
    db,
    items.map((item) => item.id),
  );
  return items.flatMap((item) => {
    const document = documents.get(item.id);
    return document ? [{ item, document }] : [];
  });
}

/** The item's summary leads its first passage: it is the one-sentence answer its author wrote. */
function sectionPassages(
  document: SearchDocument,
  name: string,
  summary: string,
  body: string,
): SourcePassage[] {
  const sections = splitSections(body);
  const passages = sections.map((section) => ({
    document,
    name,
    heading: section.heading,
    text: markdownToPlainText(section.body),
  }));
  const lead = passages.find((passage) => passage.heading === null);
  if (lead) lead.text = `${summary}\n${lead.text}`;
  else passages.unshift({ document, name, heading: null, text: summary });
  return passages.filter((passage) => passage.text.trim() !== '');
}

export const articlePassages: PassageSource = {
  name: 'articles',
  async load(db) {
    const articles = await withDocuments(db, await listArticleTexts(db));
    return articles.flatMap(({ item, document }) =>
      sectionPassages(document, item.urlName, item.summary, item.body),
    );
  },
};

export const guidePassages: PassageSource = {
  name: 'guides',
  async load(db) {
    const guides = await withDocuments(db, await listGuideTexts(db));
    return guides.flatMap(({ item, document }) => [
      ...sectionPassages(document, item.slug, item.summary, item.body),
      ...item.sections
        .filter((section) => section.summary)
        .map((section) => ({
          document,
          name: item.slug,
          heading: section.title,
          text: section.summary ?? '',
        })),
    ]);
  },
};

export const glossaryPassages: PassageSource = {
  name: 'glossary',
  async load(db) {
    const entries = await withDocuments(db, await listGlossaryEntryTexts(db));
    return entries.flatMap(({ item, document }) =>
      sectionPassages(document, item.slug, item.summary, item.body),
    );
  },
};

/**
 * A learning item is one passage, its description: the learning hub answers from these (a
 * question such as 'Is there a course on reconciling?' cites the course).
 */
export const learningItemPassages: PassageSource = {
  name: 'learning items',
  async load(db) {
    const documents = await listLearningItemDocuments(db);
    return documents.flatMap((document) => {
      const text = document.sfdescription ?? document.excerpt;
      return text.trim() === ''
        ? []
        : [{ document, name: document.permanentid, heading: null, text }];
    });
  },
};

/**
 * A discussion's accepted answer is one passage under the question's title, cited as the
 * discussion (its search document), so the citation opens the thread where it was accepted.
 */
export const acceptedAnswerPassages: PassageSource = {
  name: 'accepted community answers',
  async load(db) {
    const answers = await listAcceptedAnswers(db);
    const documents = await documentsById(
      db,
      answers.map((answer) => answer.discussionId),
    );
    return answers.flatMap((answer) => {
      const document = documents.get(answer.discussionId);
      return document && answer.answerText.trim() !== ''
        ? [{ document, name: answer.discussionId, heading: answer.title, text: answer.answerText }]
        : [];
    });
  },
};

export const DEFAULT_PASSAGE_SOURCES: readonly PassageSource[] = [
  articlePassages,
  guidePassages,
  glossaryPassages,
  learningItemPassages,
  acceptedAnswerPassages,
];
