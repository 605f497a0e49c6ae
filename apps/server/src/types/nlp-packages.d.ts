// Types of the two text-processing packages kompose uses that ship none.

declare module 'snowball-stemmers' {
  export interface Stemmer {
    stem(word: string): string;
  }
  export function newStemmer(algorithm: string): Stemmer;
  export function algorithms(): string[];
}

declare module 'stopword' {
  export const eng: string[];
  export const spa: string[];
  export const fra: string[];
}
