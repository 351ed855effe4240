/**
 * Password strength, the server's rule (decision 505): zxcvbn's score 0–4 against common passwords,
 * names and words of the four languages, keyboard patterns and the user's own data. Kept out of the
 * package index, and its dictionaries (≈ 1.9 MB gzip) are loaded on first use only: the server does not
 * pay for them at start, and the web never loads them — its meter asks the server (decision 840).
 */
export const MIN_PASSWORD_SCORE = 3;
export type PasswordScore = 0 | 1 | 2 | 3 | 4;
export type PasswordScorer = (password: string, userInputs?: string[]) => PasswordScore;

let scorer: Promise<PasswordScorer> | undefined;

async function makeScorer(): Promise<PasswordScorer> {
  const [{ ZxcvbnFactory }, common, en, fr, de, es] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-fr'),
    import('@zxcvbn-ts/language-de'),
    import('@zxcvbn-ts/language-es-es'),
  ]);
  const factory = new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary, ...de.dictionary, ...es.dictionary },
  });
  // Past 100 characters the estimate only grows; the cap keeps a 256-character password fast to check.
  return (password, userInputs = []) => factory.check(password.slice(0, 100), userInputs.filter(Boolean)).score as PasswordScore;
}

/** The scorer, its dictionaries loaded once (a failed load is retried at the next call). */
export function loadPasswordScorer(): Promise<PasswordScorer> {
  scorer ??= makeScorer().catch((err: unknown) => {
    scorer = undefined;
    throw err;
  });
  return scorer;
}

export async function passwordScore(password: string, userInputs: string[] = []): Promise<PasswordScore> {
  return (await loadPasswordScorer())(password, userInputs);
}

export const isStrongPassword = async (password: string, userInputs: string[] = []) => (await passwordScore(password, userInputs)) >= MIN_PASSWORD_SCORE;
