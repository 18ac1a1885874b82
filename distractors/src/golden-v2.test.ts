import { goldenSuite } from './test/golden-suite.js';

// Golden tests of rules v2 (published and sealed: golden/frozen.json pins its digest). A change that moves
// any of them must become a new rules version (see benchmarks/src/rules/v1/README.md).
goldenSuite('v2');
