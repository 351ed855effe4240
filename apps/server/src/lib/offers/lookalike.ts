/** What the parser found for one field, matched against the catalog (the spec's "lookalike" object). */
export interface CatalogMatch {
  id: number;
  label: string;
  score: number;
  code?: string;
  alpha2?: string;
}

export interface Lookalike {
  productName: CatalogMatch | null;
  productAlternatives: CatalogMatch[];
  origin: CatalogMatch | null;
  packaging: CatalogMatch | null;
  box: CatalogMatch | null;
}
