/** Synonym rules staff add (from the insight content-gap list), beside the built-in ones. */
export interface SearchSynonymTable {
  id: string;
  /** The rule's terms, normalised and joined by ', ' (unique: a rule is added once). */
  terms: string;
  created_at: string;
  created_by: string;
}

export interface SearchSynonymTables {
  search_synonym: SearchSynonymTable;
}
