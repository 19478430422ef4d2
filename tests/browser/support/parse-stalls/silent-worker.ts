/*
 * A parse worker whose script runs and then never answers anything (tests/browser/models/stalls.test.tsx):
 * from its parent's side, the Firefox parse worker stuck before its first answer.
 */
export {};
