// The confusable-pair detection of rules v3. Until the v3 pair work lands this is v2's, re-exported with the
// same signatures (issue 25: the corpus helper replaces this file at merge).
export { confusablePairs, toConfusablePair, type PairFacts } from '../../v2/confusable.js';
