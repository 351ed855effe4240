import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as fr from '@zxcvbn-ts/language-fr';
import * as de from '@zxcvbn-ts/language-de';
import * as es from '@zxcvbn-ts/language-es-es';

/**
 * Password strength, the same on the server (which refuses) and in the forms (which show a meter).
 * zxcvbn's score 0–4 against common passwords, names and words of the four languages, keyboard
 * patterns and the user's own data (decision 505). Kept out of the package index: the dictionaries
 * are large, and the web loads this module only when a password form opens.
 */
export const MIN_PASSWORD_SCORE = 3;
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

let factory: ZxcvbnFactory | undefined;

export function passwordScore(password: string, userInputs: string[] = []): PasswordScore {
  factory ??= new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary, ...de.dictionary, ...es.dictionary },
  });
  // Past 100 characters the estimate only grows; the cap keeps a 256-character password fast to check.
  return factory.check(password.slice(0, 100), userInputs.filter(Boolean)).score as PasswordScore;
}

export const isStrongPassword = (password: string, userInputs: string[] = []) => passwordScore(password, userInputs) >= MIN_PASSWORD_SCORE;
