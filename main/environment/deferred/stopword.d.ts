// Types of the part of npm `stopword` (it ships none) that analyze.ts uses: the English stopword list.
declare module 'stopword' {
  export const eng: string[];
}
