import { textTerms } from '../answers/index.ts';

/*
 * The case classifier (docs/cases.md, decision 024): multinomial naive Bayes over the help
 * search's terms (stemmed, without function words), trained on solved cases. It is small,
 * trains in one pass, and explains itself: the words that weighed most for its proposal.
 */

export interface LabelledText {
  text: string;
  label: string;
}

interface LabelCounts {
  label: string;
  documents: number;
  terms: number;
  counts: Record<string, number>;
}

/** A trained model, plain JSON so it can be stored and shared between processes. */
export interface ClassifierModel {
  labels: LabelCounts[];
  vocabulary: number;
  examples: number;
}

export interface ClassifierProposal {
  label: string;
  /** The model's probability for the label, 0 to 1. */
  probability: number;
  /** The words that counted most for it, for the page to say why. */
  because: string[];
}

/** Fewer solved cases than this, and the model proposes nothing: it would mostly guess. */
export const MIN_TRAINING_EXAMPLES = 10;
/** Below this probability a proposal is not preselected. */
export const PROPOSAL_MIN_PROBABILITY = 0.5;

export function trainClassifier(examples: readonly LabelledText[]): ClassifierModel {
  const byLabel = new Map<string, LabelCounts>();
  const vocabulary = new Set<string>();
  for (const example of examples) {
    const entry = byLabel.get(example.label) ?? {
      label: example.label,
      documents: 0,
      terms: 0,
      counts: {},
    };
    entry.documents += 1;
    for (const term of textTerms(example.text)) {
      entry.counts[term] = (entry.counts[term] ?? 0) + 1;
      entry.terms += 1;
      vocabulary.add(term);
    }
    byLabel.set(example.label, entry);
  }
  return {
    labels: [...byLabel.values()].sort((a, b) => a.label.localeCompare(b.label)),
    vocabulary: vocabulary.size,
    examples: examples.length,
  };
}

/**
 * The labels for a text, most probable first. Laplace smoothing keeps a word unseen with one
 * label from ruling it out; a text without known words leans on how common each label is.
 */
export function classify(model: ClassifierModel, text: string): ClassifierProposal[] {
  if (model.labels.length === 0) return [];
  // Words no solved case used say nothing about any label; leaving them out keeps labels with
  // short texts from winning on unknown words alone.
  const terms = textTerms(text).filter((term) => model.labels.some((entry) => entry.counts[term]));
  const scored = model.labels.map((entry) => {
    const denominator = entry.terms + model.vocabulary + 1;
    const weights = new Map<string, number>();
    let score = Math.log(entry.documents / model.examples);
    for (const term of terms) {
      const weight = Math.log(((entry.counts[term] ?? 0) + 1) / denominator);
      score += weight;
      if (entry.counts[term]) weights.set(term, (weights.get(term) ?? 0) + weight);
    }
    return { label: entry.label, score, weights };
  });
  const best = Math.max(...scored.map((entry) => entry.score));
  const total = scored.reduce((sum, entry) => sum + Math.exp(entry.score - best), 0);
  return scored
    .map((entry) => ({
      label: entry.label,
      probability: Math.exp(entry.score - best) / total,
      because: [...entry.weights.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([term]) => term),
    }))
    .sort((a, b) => b.probability - a.probability || a.label.localeCompare(b.label));
}

/**
 * The proposal worth preselecting: the model is trained on enough cases, the text has words it
 * knows, and it is sure enough.
 */
export function proposal(model: ClassifierModel, text: string): ClassifierProposal | undefined {
  if (model.examples < MIN_TRAINING_EXAMPLES) return undefined;
  const [first] = classify(model, text);
  if (!first || first.because.length === 0) return undefined;
  return first.probability >= PROPOSAL_MIN_PROBABILITY ? first : undefined;
}

/**
 * The words of a text as its writer typed them (lower case) for the terms a proposal names,
 * which are stems ("employe" for "employees"): the first word that makes each term, or the
 * term itself when none does.
 */
export function typedWords(text: string, terms: readonly string[]): string[] {
  const found = new Map<string, string>();
  for (const word of text.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const [term] = textTerms(word);
    if (term !== undefined && terms.includes(term) && !found.has(term))
      found.set(term, word.toLowerCase());
  }
  return terms.map((term) => found.get(term) ?? term);
}

/** Every `1 / share`-th example held out for testing, the rest for training: repeatable. */
export function heldOutSplit<T>(examples: readonly T[], every = 5) {
  return {
    training: examples.filter((_, index) => index % every !== every - 1),
    testing: examples.filter((_, index) => index % every === every - 1),
  };
}

/** Accuracy on held-out examples, and that of always answering the most common label. */
export function accuracy(model: ClassifierModel, testing: readonly LabelledText[]) {
  if (testing.length === 0) return { accuracy: 0, baseline: 0 };
  const common = [...model.labels].sort((a, b) => b.documents - a.documents)[0]?.label;
  const right = testing.filter(
    (example) => classify(model, example.text)[0]?.label === example.label,
  );
  return {
    accuracy: right.length / testing.length,
    baseline: testing.filter((example) => example.label === common).length / testing.length,
  };
}
