import type { Kysely } from 'kysely';
import {
  IMPACTS,
  proposal,
  trainClassifier,
  type CaseImpact,
  type RaisableQueue,
  type ClassifierModel,
  type LabelledText,
} from '~core/cases';
import type { Database } from '~server/db/schema.ts';
import { listArticleTopicTexts, listTopics } from '~server/modules/content';
import * as repository from './classifier.repository.ts';

/*
 * The raise flow's proposals (docs/cases.md, decision 024): a category and topic, and the
 * impact, from the description. The models are trained from solved cases (and, for customer
 * categories, the help articles filed under each topic, so a new portal proposes something
 * from the start) by a background job, stored, and read by every process.
 */

/** The newest solved cases a retraining reads: enough to learn from, bounded in time. */
const TRAINING_CASES = 20_000;

const MODEL_NAMES = {
  customer: 'customer-category',
  partner: 'partner-category',
  impact: 'impact',
} as const;

const categoryLabel = (categoryId: string, topicId: string | null) =>
  `${categoryId}/${topicId ?? ''}`;

/** Trains every model again and stores it; answers how many examples each learnt from. */
export async function retrainCaseClassifiers(
  db: Kysely<Database>,
  now: Date,
): Promise<Record<keyof typeof MODEL_NAMES, number>> {
  const [cases, articles, topics] = await Promise.all([
    repository.listSolvedCaseTexts(db, TRAINING_CASES),
    listArticleTopicTexts(db),
    listTopics(db),
  ]);
  const parentOf = new Map(topics.map((topic) => [topic.id, topic.parentId]));
  const caseText = (row: { subject: string; description: string }) =>
    `${row.subject}\n${row.description}`;
  const examples: Record<keyof typeof MODEL_NAMES, LabelledText[]> = {
    customer: [
      ...articles.map((article) => {
        const parent = parentOf.get(article.topicId) ?? null;
        return {
          text: `${article.title}\n${article.summary}`,
          label: parent
            ? categoryLabel(parent, article.topicId)
            : categoryLabel(article.topicId, null),
        };
      }),
      ...cases
        .filter((row) => row.queue === 'customer')
        .map((row) => ({
          text: caseText(row),
          label: categoryLabel(row.category_id, row.topic_id),
        })),
    ],
    partner: cases
      .filter((row) => row.queue === 'partner')
      .map((row) => ({ text: caseText(row), label: categoryLabel(row.category_id, null) })),
    impact: cases.map((row) => ({ text: caseText(row), label: row.impact })),
  };
  const at = now.toISOString();
  for (const [key, name] of Object.entries(MODEL_NAMES) as [keyof typeof MODEL_NAMES, string][]) {
    const model = trainClassifier(examples[key]);
    await repository.saveModel(db, {
      name,
      model: JSON.stringify(model),
      examples: model.examples,
      trained_at: at,
    });
  }
  return {
    customer: examples.customer.length,
    partner: examples.partner.length,
    impact: examples.impact.length,
  };
}

/**
 * Parsed models by database and name, kept until a retraining stores a newer one. By database
 * too: one process may serve several portals (the browser tests do), whose models may carry the
 * same training time.
 */
type ParsedModels = Map<string, { trainedAt: string; model: ClassifierModel }>;
const parsed = new WeakMap<Kysely<Database>, ParsedModels>();

/** This database's parsed models, an empty set the first time it is asked for. */
function parsedModelsOf(db: Kysely<Database>): ParsedModels {
  const models = parsed.get(db) ?? new Map();
  if (!parsed.has(db)) parsed.set(db, models);
  return models;
}

async function storedModel(db: Kysely<Database>, name: string) {
  // Proposals come at every pause in typing: the model itself is read only when it changed.
  const version = await repository.findModelVersion(db, name);
  if (!version) return undefined;
  const ofDatabase = parsedModelsOf(db);
  const cached = ofDatabase.get(name);
  if (cached?.trainedAt === version.trained_at) return cached.model;
  const row = await repository.findModel(db, name);
  if (!row) return undefined;
  const model = JSON.parse(row.model) as ClassifierModel;
  ofDatabase.set(name, { trainedAt: row.trained_at, model });
  return model;
}

export interface ClassificationProposal {
  category?: { categoryId: string; topicId: string; probability: number; because: string[] };
  impact?: { impact: CaseImpact; probability: number };
}

type CategoryGuess = NonNullable<ClassificationProposal['category']>;
type ImpactGuess = NonNullable<ClassificationProposal['impact']>;

/** The queue's category and topic for a text, when the model is sure enough. */
export async function proposeCaseCategory(
  db: Kysely<Database>,
  queue: RaisableQueue,
  text: string,
): Promise<CategoryGuess | undefined> {
  const model = await storedModel(db, MODEL_NAMES[queue]);
  const category = model ? proposal(model, text) : undefined;
  if (!category) return undefined;
  const [categoryId = '', topicId = ''] = category.label.split('/');
  return { categoryId, topicId, probability: category.probability, because: category.because };
}

/** How many people the text says the problem stops, when the model is sure enough. */
export async function proposeImpact(
  db: Kysely<Database>,
  text: string,
): Promise<ImpactGuess | undefined> {
  const model = await storedModel(db, MODEL_NAMES.impact);
  const impact = model ? proposal(model, text) : undefined;
  return impact && (IMPACTS as readonly string[]).includes(impact.label)
    ? { impact: impact.label as CaseImpact, probability: impact.probability }
    : undefined;
}

/** What the models propose for a subject and description; nothing when they are unsure. */
export async function proposeClassification(
  db: Kysely<Database>,
  queue: RaisableQueue,
  text: string,
): Promise<ClassificationProposal> {
  const [category, impact] = await Promise.all([
    proposeCaseCategory(db, queue, text),
    proposeImpact(db, text),
  ]);
  return { ...(category ? { category } : {}), ...(impact ? { impact } : {}) };
}
