import type { ArticleNames } from '@primeur/shared';

/** An article's name in the reader's language (English when the language has none). */
export const articleName = (a: { article: string; names: ArticleNames }, lng: string) =>
  (a.names as unknown as Record<string, string | undefined>)[lng] ?? a.article;
